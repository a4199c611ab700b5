// What the public may see of a restaurant's change history: its kashrut authority
// changing, its closing and reopening, and its verifications — with dates only, never who made the
// change and nothing else that was changed. Pure; the records come from restaurant_changes.
import type { ChangeAction, FieldChanges } from "../../../../database/schema/restaurants";
import { isIsoDay, telAvivDay } from "../../../lib/dates";
import { isKashrut, type Kashrut } from "./constants";

export interface RecordedChange {
  action: ChangeAction;
  changes: FieldChanges;
  createdAt: Date;
}

export type PublicEvent =
  | { kind: "kashrut"; day: string; from: Kashrut; to: Kashrut }
  | { kind: "closed" | "reopened"; day: string }
  | { kind: "verified"; day: string };

/** The public events among the records, newest first (records may come in any order). */
export function publicHistory(records: readonly RecordedChange[]): PublicEvent[] {
  const events: PublicEvent[] = [];
  for (const { action, changes, createdAt } of [...records].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  )) {
    const day = telAvivDay(createdAt);
    if (action === "update") {
      const kashrut = changes.kashrut;
      if (
        kashrut &&
        typeof kashrut.old === "string" &&
        typeof kashrut.new === "string" &&
        isKashrut(kashrut.old) &&
        isKashrut(kashrut.new)
      ) {
        events.push({ kind: "kashrut", day, from: kashrut.old, to: kashrut.new });
      }
      const closed = changes.is_permanently_closed;
      if (closed && closed.old !== closed.new) events.push({ kind: closed.new === true ? "closed" : "reopened", day });
    }
    if (action === "verify") {
      // The day the information was verified, as set; clearing the date is not news.
      const verified = changes.last_verified?.new;
      if (isIsoDay(verified)) events.push({ kind: "verified", day: verified });
    }
  }
  return events;
}
