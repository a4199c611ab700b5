import { redirect } from "react-router";
import type { Route } from "./+types/redirect";
import { redirectTarget } from "../lib/redirects";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(redirectTarget(url.pathname) + url.search, 301);
}
