// The editor page's "Clear the revocation" (admins only; the route has checked register:manage and
// clearRevocation checks it again): the panel's answer, never a 500.
import { data } from "react-router";
import type { AppServices } from "../../../lib/context";
import { actionError } from "../../../lib/action-error.server";
import type { Actor } from "../editing/index.server";
import type { RevocationAnswer } from "./components/RevocationPanel";
import { clearRevocation } from "./revocations.server";

export async function clearRevocationAction(
  services: Pick<AppServices, "db" | "sendEmail">,
  viewer: Actor,
  id: string,
) {
  try {
    await clearRevocation(services, viewer, id);
    return data<RevocationAnswer>({ ok: true, message: "registerAdmin.cleared" });
  } catch (error) {
    return actionError(error, {
      log: "[register] clear revocation:",
      fallback: "registerAdmin.clearFailed",
      messages: { notFound: "registerAdmin.clearFailed" },
      with: { ok: false as const },
    });
  }
}
