// The problem reports queue page's model (/dashboard/reports): what the page shows for a request
// (the status and reason asked for), and what an admin's action posted from it does. The route
// checks the permission and renders; the change and the reply are actOnReport's.
import { REPORT_REASONS, REPORT_STATUSES, type ReportReason, type ReportStatus } from "../../../database/reports";
import type { Db } from "../../../database/types";
import { actionError } from "../../lib/action-error.server";
import type { AppServices } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readFormData } from "../../lib/form-data.server";
import { detectLanguage } from "../../lib/i18n/language";
import { can } from "../../lib/permissions";
import { pageOf, redirectWithToast } from "../../lib/toast.server";
import type { MessageKey } from "../../locales/en";
import { actOnReport, reportRestaurantToChange, type ListingChanges } from "./decisions.server";
import { CONFIRM_CLOSE, REPORT_ACTIONS, type ReportAction } from "./queue-actions";
import { checkReportNote, listReports, type Actor, type Reader } from "./queue.server";

const isStatus = (value: string | null): value is ReportStatus => REPORT_STATUSES.includes(value as ReportStatus);
const isReason = (value: string | null): value is ReportReason => REPORT_REASONS.includes(value as ReportReason);

const DONE: Record<ReportAction, MessageKey> = {
  resolve: "reports.resolvedToast",
  dismiss: "reports.dismissedToast",
  markClosed: "reports.markedClosed",
  verifyToday: "reports.verifiedToday",
};

/** The page's data: one page of the reports the viewer may read (open unless asked otherwise; "all": every status). */
export async function reportsQueuePage(db: Db, viewer: Reader, request: Request) {
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status") ?? "open";
  const status = isStatus(statusParam) ? statusParam : undefined;
  const reasonParam = params.get("reason");
  const reason = isReason(reasonParam) ? reasonParam : undefined;
  const queue = await listReports(db, viewer, { status, reason, page: Number(params.get("page") ?? 1) });
  return {
    ...queue,
    status: status ?? ("all" as const),
    reason: reason ?? ("all" as const),
    canManage: can(viewer, "reports:manage"),
  };
}

/**
 * An admin's action on a report: back to the page with a toast, the refusal for the report's card,
 * or — for marking the restaurant closed without the confirmation — the confirmation step, with the
 * same report and note, before anything changes.
 */
export async function reportsQueueAction(
  services: AppServices,
  viewer: Actor,
  request: Request,
  listing: ListingChanges,
) {
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "") as ReportAction;
  const reportId = String(form.get("reportId") ?? "");
  const note = String(form.get("note") ?? "");
  try {
    // Only a crafted request names another intent.
    if (!REPORT_ACTIONS.includes(intent)) throw new AppError("invalid", "error.unexpected", { subject: intent });
    if (intent === "markClosed" && form.get("confirm") !== CONFIRM_CLOSE) {
      // Unconfirmed, closing changes nothing: the page asks (the dialog with JavaScript, a second
      // step without it). A report handled meanwhile is refused before the question is asked.
      checkReportNote(note);
      await reportRestaurantToChange(services, reportId);
      return { confirmClose: { reportId, note } };
    }
    await actOnReport(
      services,
      viewer,
      { reportId, action: intent, note, language: detectLanguage(new URL(request.url).pathname) },
      listing,
    );
  } catch (error) {
    return actionError(error, { log: "[reports] status change failed:", with: { reportId } });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: DONE[intent] });
}
