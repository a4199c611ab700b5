// What an admin does with an open problem report, and the reply it sends: resolve or dismiss it,
// or first change the listing through its normal change path (mark it closed for good, or verified
// today: history, live update, caches) and then resolve it. The reporter, if they left an address,
// is told after the change is kept; failing to send the reply is logged and does not undo it.
import type { ReportStatus } from "../../../database/reports";
import type { AppServices } from "../../lib/context";
import { reportReplyEmail } from "../../lib/emails";
import { AppError } from "../../lib/errors";
import type { Language } from "../../lib/i18n/language";
import { restaurantPath } from "../../lib/paths";
import type { ReportAction } from "./queue-actions";
import { checkReportNote, closeReport, openReportRestaurant, type Actor, type ClosedReport } from "./queue.server";

/** What acting on a report needs besides the actor: the database, and the mail for the reply. */
export type ReportServices = Pick<AppServices, "db" | "sendEmail" | "settings">;

/**
 * The listing changes the queue makes, through the restaurants feature's change path. Features do
 * not import each other, so the route that combines them passes these in.
 */
export interface ListingChanges {
  markClosed(db: ReportServices["db"], actor: Actor, restaurantId: string): Promise<unknown>;
  verifyToday(db: ReportServices["db"], actor: Actor, restaurantId: string): Promise<unknown>;
}

/** The open report's restaurant, for an action that changes the listing; a report no longer open is a conflict. */
export async function reportRestaurantToChange(services: Pick<AppServices, "db">, reportId: string): Promise<string> {
  const restaurantId = await openReportRestaurant(services.db, reportId);
  if (!restaurantId) throw new AppError("conflict", "reports.alreadyClosed", { subject: reportId });
  return restaurantId;
}

/**
 * Does `action` on the open report (changing the listing first for markClosed and verifyToday),
 * then replies to the reporter in `language` with a link to the listing. Closing a restaurant for
 * good is never one click: the caller asks for the confirmation before calling this.
 */
export async function actOnReport(
  services: ReportServices,
  actor: Actor,
  request: { reportId: string; action: ReportAction; note: string; language: Language },
  listing: ListingChanges,
): Promise<ClosedReport> {
  const { reportId, action, note, language } = request;
  checkReportNote(note);
  if (action === "markClosed" || action === "verifyToday") {
    const restaurantId = await reportRestaurantToChange(services, reportId);
    await listing[action](services.db, actor, restaurantId);
  }
  const status: Exclude<ReportStatus, "open"> = action === "dismiss" ? "dismissed" : "resolved";
  const closed = await closeReport(services.db, actor, reportId, status, note);
  if (closed.email) {
    const name = { en: closed.restaurantName.en, he: closed.restaurantName.he ?? closed.restaurantName.en };
    const link = `${services.settings.publicUrl}${restaurantPath(closed.restaurantSlug, language)}`;
    // The reply is a courtesy: failing to send it does not undo the change.
    await services
      .sendEmail(closed.email, reportReplyEmail(name, closed.status === "dismissed" ? "dismissed" : "resolved", link))
      .catch((error: unknown) => {
        console.error("[reports] reply e-mail failed:", error);
      });
  }
  return closed;
}
