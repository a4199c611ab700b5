// What the restaurant editor shows admins under the form: the owners linked to the listing, the
// accounts that may be linked, the change history and the verification date; and the panels' actions.
import { data } from "react-router";
import type { Db } from "../../../../database/types";
import { actionError } from "../../../lib/action-error.server";
import { isCalendarDay } from "../../../lib/dates";
import { AppError } from "../../../lib/errors";
import type { MessageKey } from "../../../locales/en";
import type { Restaurant } from "../core";
import type { PanelResponse } from "./components/AdminPanels";
import { listHistory, type Actor } from "./changes.server";
import { setVerificationDate } from "./manage.server";
import { addOwner, listAvailableOwners, listOwners, removeOwner } from "./owners.server";

/** The admins' panels for `restaurant` (the caller has checked owners:manage). */
export async function adminPanels(db: Db, restaurant: Restaurant) {
  return {
    owners: (await listOwners(db, restaurant.id)).map(({ id, userEmail }) => ({ id, userEmail })),
    available: await listAvailableOwners(db, restaurant.id),
    history: (await listHistory(db, restaurant.id)).map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorEmail: entry.actor_email,
      createdAt: entry.created_at.toISOString(),
      changes: entry.changes,
    })),
    lastVerified: restaurant.lastVerified,
    // On the Rabbinate's revoked list: the panel that clears it (register/components/RevocationPanel.tsx).
    revokedOn: restaurant.certificate?.revokedOn,
  };
}

/** A panel's success; its refusals are AppErrors answered by actionError as `{ ok: false, error }`. */
const done = (message: MessageKey) => data<PanelResponse>({ ok: true, message });

/** A request no form of the editor sends (a crafted one): 400, nothing changed. */
export const refusedRequest = (message: MessageKey) =>
  actionError(new AppError("invalid", message), { log: "[dashboard] refused:", with: { ok: false as const } });

/**
 * A panel's action on the listing `id`: link or unlink an owner, or set the verification date (the
 * caller has checked owners:manage or verification:set; each write checks it again). The panel's answer.
 */
export async function adminPanelAction(
  db: Db,
  viewer: Actor,
  id: string,
  intent: "addOwner" | "removeOwner" | "verify",
  field: (name: string) => string,
) {
  if (intent === "verify") {
    const date = field("date");
    if (date !== "" && !isCalendarDay(date)) return refusedRequest("verification.failed");
    try {
      await setVerificationDate(db, viewer, id, date === "" ? null : date);
      return done("verification.success");
    } catch (error) {
      return actionError(error, {
        log: "[dashboard] verification:",
        fallback: "verification.failed",
        messages: { notFound: "verification.failed" },
        with: { ok: false as const },
      });
    }
  }
  try {
    if (intent === "addOwner") {
      if (field("userId") === "") return refusedRequest("owners.selectUser");
      await addOwner(db, viewer, id, field("userId"));
      return done("owners.added");
    }
    await removeOwner(db, viewer, id, field("linkId"));
    return done("owners.removed");
  } catch (error) {
    const failed = intent === "addOwner" ? "owners.addFailed" : "owners.removeFailed";
    return actionError(error, {
      log: "[dashboard] owners:",
      fallback: failed,
      messages: { invalid: failed, notFound: failed },
      with: { ok: false as const },
    });
  }
}
