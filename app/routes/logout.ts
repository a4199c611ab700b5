// POST /logout: ends the session on the server, then home with the spec's toast.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "../features/accounts/accounts.server";
import { servicesContext } from "../lib/context";
import { isAppError } from "../lib/errors";
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
  let headers: Headers;
  try {
    ({ headers } = await signOut(services, request));
  } catch (error) {
    // The answer is a page with a toast, not form data: better-auth's refusal says so; a fault is logged.
    if (!isAppError(error)) console.error("[accounts] sign-out failed:", error);
    return redirectWithToast(services.toasts, home, {
      type: "error",
      message: isAppError(error) ? "toast.logoutError" : "error.unexpected",
    });
  }
  return redirectWithToast(services.toasts, home, { type: "success", message: "toast.logoutSuccess" }, headers);
}
