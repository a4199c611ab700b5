// The editor page's "Clear the revocation" (admins only; the route has checked register:manage and
// clearRevocation checks it again): back to the editor with a toast (without JavaScript too), or the
// panel's message; never a 500.
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "../../../lib/context";
import { actionError } from "../../../lib/action-error.server";
import { detectLanguage } from "../../../lib/i18n/language";
import { dashboardEditPath } from "../../../lib/member-paths";
import { requirePermission } from "../../../lib/permissions.server";
import { redirectWithToast } from "../../../lib/toast.server";
import { clearRevocation } from "./revocations.server";

export async function clearRevocationAction(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const services = context.get(servicesContext);
  const viewer = await requirePermission(request, context, "register:manage");
  const language = detectLanguage(new URL(request.url).pathname);
  try {
    await clearRevocation(services, viewer, id);
  } catch (error) {
    return actionError(error, {
      log: "[register] clear revocation:",
      fallback: "registerAdmin.clearFailed",
      messages: { notFound: "registerAdmin.clearFailed" },
      with: { ok: false as const },
    });
  }
  return redirectWithToast(services.toasts, dashboardEditPath(id, language), {
    type: "success",
    message: "registerAdmin.cleared",
  });
}
