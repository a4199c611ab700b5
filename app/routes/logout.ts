// POST /logout: ends the session on the server, then home with the spec's toast.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "../features/accounts/accounts.server";
import { servicesContext } from "../lib/context";
import { homePath } from "../lib/paths";
import { redirectWithToast } from "../lib/toast.server";
import { readFormData } from "../lib/form-data.server";

export function loader() {
  return redirect(homePath("en"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const home = homePath(form.get("lang") === "he" ? "he" : "en");
  const result = await signOut(services, request);
  if (!result.ok) {
    return redirectWithToast(services.toasts, home, {
      type: "error",
      message: result.status >= 500 ? "error.unexpected" : "toast.logoutError",
    });
  }
  return redirectWithToast(services.toasts, home, { type: "success", message: "toast.logoutSuccess" }, result.headers);
}
