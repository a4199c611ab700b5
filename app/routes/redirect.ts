import { redirect } from "react-router";
import type { Route } from "./+types/redirect";
import { redirectTarget } from "../lib/redirects";

export function loader({ url }: Route.LoaderArgs) {
  return redirect(redirectTarget(url.pathname) + url.search, 301);
}
