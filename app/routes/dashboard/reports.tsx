// /dashboard/reports and /he/dashboard/reports — the problem reports queue. Admins see
// every report and act on them; linked owners read those on their restaurants; the dashboard's
// rule for everyone else. Every action checks permission itself (requirePermission, then the
// domain functions' own assertCan).
import { Pager } from "../../components/ui/Pager";
import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import type { Route } from "./+types/reports";
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_STATUSES, type ReportReason, type ReportStatus } from "../../../database/reports";
import { FormAlert, SelectField, SubmitButton, TextAreaField } from "../../components/ui/FormFields";
import { checkReportNote, closeReport, listReports, openReportRestaurant, type QueueReport } from "../../features/reports/queue.server";
import { setPermanentlyClosed, setVerificationDate } from "../../features/restaurants/editing/manage.server";
import { actionError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { formatLongDate, telAvivDay } from "../../lib/dates";
import { reportReplyEmail } from "../../lib/emails";
import { AppError } from "../../lib/errors";
import { readFormData } from "../../lib/form-data.server";
import { detectLanguage, localized } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { can } from "../../lib/permissions";
import { requireDashboard, requirePermission } from "../../lib/permissions.server";
import { dashboardEditPath, restaurantPath } from "../../lib/paths";
import { noindexPageMeta } from "../../lib/seo";
import { pageOf, redirectWithToast } from "../../lib/toast.server";
import type { MessageKey } from "../../locales/en";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/use-hydrated";

const isStatus = (value: string | null): value is ReportStatus => REPORT_STATUSES.includes(value as ReportStatus);
const isReason = (value: string | null): value is ReportReason => REPORT_REASONS.includes(value as ReportReason);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  const params = new URL(request.url).searchParams;
  // Open reports unless asked otherwise ("all": every status).
  const statusParam = params.get("status") ?? "open";
  const status = isStatus(statusParam) ? statusParam : undefined;
  const reasonParam = params.get("reason");
  const reason = isReason(reasonParam) ? reasonParam : undefined;
  const queue = await listReports(context.get(servicesContext).db, viewer, { status, reason, page: Number(params.get("page") ?? 1) });
  return { ...queue, status: status ?? ("all" as const), reason: reason ?? ("all" as const), canManage: can(viewer, "reports:manage") };
}

const INTENTS = ["resolve", "dismiss", "markClosed", "verifyToday"] as const;
/** The word the confirmation sends: closing a restaurant for good is never one click. */
const CONFIRM_CLOSE = "close";
type Intent = (typeof INTENTS)[number];
const DONE: Record<Intent, MessageKey> = {
  resolve: "reports.resolvedToast",
  dismiss: "reports.dismissedToast",
  markClosed: "reports.markedClosed",
  verifyToday: "reports.verifiedToday",
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "reports:manage");
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  const reportId = String(form.get("reportId") ?? "");
  const note = String(form.get("note") ?? "");
  let closed;
  try {
    // Only a crafted request names another intent.
    if (!INTENTS.includes(intent)) throw new AppError("invalid", "error.unexpected", { subject: intent });
    checkReportNote(note);
    if (intent === "markClosed" || intent === "verifyToday") {
      // Through the restaurant's normal change path (history, live update, caches), then resolved.
      const restaurantId = await openReportRestaurant(services.db, reportId);
      if (!restaurantId) throw new AppError("conflict", "reports.alreadyClosed", { subject: reportId });
      // Unconfirmed, closing changes nothing: the page asks (the dialog with JavaScript, a second
      // step without it) and sends the confirmation with the same report and note.
      if (intent === "markClosed" && form.get("confirm") !== CONFIRM_CLOSE) return { confirmClose: { reportId, note } };
      if (intent === "markClosed") await setPermanentlyClosed(services.db, viewer, restaurantId, true);
      else await setVerificationDate(services.db, viewer, restaurantId, telAvivDay(new Date()));
    }
    closed = await closeReport(services.db, viewer, reportId, intent === "dismiss" ? "dismissed" : "resolved", note);
  } catch (error) {
    return actionError(error, { log: "[reports] status change failed:", with: { reportId } });
  }
  if (closed.email) {
    const language = detectLanguage(new URL(request.url).pathname);
    const name = { en: closed.restaurantName.en, he: closed.restaurantName.he ?? closed.restaurantName.en };
    const link = `${services.settings.publicUrl}${restaurantPath(closed.restaurantSlug, language)}`;
    // The reply is a courtesy: failing to send it does not undo the change.
    await services.sendEmail(closed.email, reportReplyEmail(name, closed.status === "dismissed" ? "dismissed" : "resolved", link)).catch((error: unknown) => {
      console.error("[reports] reply e-mail failed:", error);
    });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: DONE[intent] });
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "reports.title");
}

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { reports, total, page, pages, status, reason, canManage } = loaderData;
  const query = (changes: Record<string, string>) => `?${new URLSearchParams({ status, ...(reason === "all" ? {} : { reason }), ...changes }).toString()}`;
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title" className="text-2xl font-extrabold">
        {t("reports.title")}
      </h1>
      {canManage ? null : <p className="mt-2 text-stone-700">{t("reports.readOnly")}</p>}
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField label={t("reports.status")} name="status" id="reports-status" defaultValue={status}>
          {(["open", "resolved", "dismissed", "all"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`reports.status.${value}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("reports.reason")} name="reason" id="reports-reason" defaultValue={reason}>
          <option value="all">{t("reports.reason.all")}</option>
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`report.reason.${value}`)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50">
          {t("reports.filter")}
        </button>
        <p className="ms-auto text-sm text-stone-600" data-testid="reports-total">
          {t("reports.count", { count: total })}
        </p>
      </Form>
      {reports.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("reports.none")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {reports.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              canManage={canManage}
              error={actionData && "error" in actionData && actionData.reportId === report.id ? actionData.error : undefined}
              confirmClose={actionData && "confirmClose" in actionData && actionData.confirmClose.reportId === report.id ? actionData.confirmClose : undefined}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(n: number) => query({ page: String(n) })} />
    </section>
  );
}

const STATUS_STYLE: Record<ReportStatus, string> = {
  open: "border-amber-300 bg-amber-50 text-amber-950",
  resolved: "border-brand-600/40 bg-brand-50 text-brand-900",
  dismissed: "border-stone-300 bg-stone-100 text-stone-800",
};

function ReportCard({
  report,
  canManage,
  error,
  confirmClose,
}: {
  report: QueueReport;
  canManage: boolean;
  error: MessageKey | undefined;
  confirmClose: { note: string } | undefined;
}) {
  const { language, t } = useLanguage();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const actions = useRef<HTMLFormElement>(null);
  const name = localized({ en: report.restaurant.nameEn, he: report.restaurant.nameHe ?? undefined }, language);
  const noteId = `report-note-${report.id}`;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" data-testid="report-row" data-status={report.status}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold">
          <bdi>{name}</bdi>
        </h2>
        <span className={cn("rounded-full border px-2 py-0.5 text-xs font-semibold", STATUS_STYLE[report.status])}>{t(`reports.status.${report.status}`)}</span>
        <span className="text-sm text-stone-600">{t("reports.received", { date: formatLongDate(report.createdAt, language) })}</span>
      </div>
      <p className="mt-2 font-medium">{t(`report.reason.${report.reason}`)}</p>
      {report.note ? (
        <p className="mt-1 whitespace-pre-line text-stone-800" dir="auto" data-testid="report-note">
          {report.note}
        </p>
      ) : (
        <p className="mt-1 text-sm text-stone-600">{t("reports.noNote")}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {report.email ? (
          <span>
            {t("reports.replyTo")}:{" "}
            <a href={`mailto:${report.email}`} dir="ltr" className="text-brand-800 underline underline-offset-4">
              {report.email}
            </a>
          </span>
        ) : null}
        {report.proofOfWork === false ? (
          <span className="font-medium text-amber-900" data-testid="report-basic">
            {t("reports.noProof")}
          </span>
        ) : null}
        <Link to={restaurantPath(report.restaurant.slug, language)} className="text-brand-800 underline underline-offset-4">
          {t("reports.viewListing")}
        </Link>
        <Link to={dashboardEditPath(report.restaurant.id, language)} className="text-brand-800 underline underline-offset-4">
          {t("reports.edit")}
        </Link>
      </div>
      {report.events.length > 0 ? (
        <ul className="mt-2 space-y-1 border-t border-stone-100 pt-2 text-sm text-stone-700" data-testid="report-events">
          {report.events.map((event, index) => (
            <li key={index}>
              {event.actorEmail === undefined
                ? t("reports.eventWhen", { status: t(`reports.status.${event.status}`), date: formatLongDate(event.createdAt, language) })
                : t("reports.event", { status: t(`reports.status.${event.status}`), who: event.actorEmail, date: formatLongDate(event.createdAt, language) })}
              {event.note ? (
                <span className="block whitespace-pre-line" dir="auto">
                  {event.note}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canManage && report.status === "open" && confirmClose ? (
        <CloseConfirmation reportId={report.id} name={name} note={confirmClose.note} />
      ) : canManage && report.status === "open" ? (
        <Form method="post" ref={actions} className="mt-3 space-y-2 border-t border-stone-100 pt-3">
          <input type="hidden" name="reportId" value={report.id} />
          {error ? <FormAlert>{t(error)}</FormAlert> : null}
          <TextAreaField label={t("reports.adminNote")} name="note" id={noteId} rows={2} maxLength={REPORT_NOTE_MAX} dir="auto" />
          <div className="flex flex-wrap gap-2">
            <SubmitButton intent="resolve" busyLabel={t("reports.resolve")} className="px-4 text-sm">
              {t("reports.resolve")}
            </SubmitButton>
            <SubmitButton intent="dismiss" busyLabel={t("reports.dismiss")} variant="neutral" className="px-4 text-sm">
              {t("reports.dismiss")}
            </SubmitButton>
            {hydrated ? (
              <ConfirmDialog
                trigger={
                  <button type="button" className={CLOSE_BUTTON}>
                    {t("reports.markClosed")}
                  </button>
                }
                title={t("reports.closeTitle", { name: isolated(name) })}
                body={t("reports.closeBody", { name: isolated(name) })}
                confirmLabel={t("reports.closeConfirm")}
                cancelLabel={t("reports.cancel")}
                onConfirm={() => {
                  const data = new FormData(actions.current ?? undefined);
                  data.set("intent", "markClosed");
                  data.set("confirm", CONFIRM_CLOSE);
                  void submit(data, { method: "post" });
                }}
              />
            ) : (
              // Without JavaScript this asks the server, which answers with the confirmation step.
              <SubmitButton intent="markClosed" busyLabel={t("reports.markClosed")} variant="outline" className="px-4 text-sm">
                {t("reports.markClosed")}
              </SubmitButton>
            )}
            <SubmitButton intent="verifyToday" busyLabel={t("reports.verifyToday")} variant="outline" className="px-4 text-sm">
              {t("reports.verifyToday")}
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </li>
  );
}

/** A name inside a sentence of the other language keeps its own direction (Unicode isolates). */
const isolated = (name: string) => `\u2068${name}\u2069`;

const CLOSE_BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-red-300 px-4 text-sm font-semibold text-red-800 hover:bg-red-50";

/** The second step of closing a restaurant for good, shown in place of the card's actions. */
function CloseConfirmation({ reportId, name, note }: { reportId: string; name: string; note: string }) {
  const { t } = useLanguage();
  const headingId = `report-close-${reportId}`;
  return (
    <Form
      method="post"
      role="group"
      aria-labelledby={headingId}
      className="mt-3 space-y-2 rounded-lg border border-red-300 bg-red-50 p-3"
      data-testid="report-close-confirm"
    >
      <input type="hidden" name="reportId" value={reportId} />
      <input type="hidden" name="note" value={note} />
      <input type="hidden" name="confirm" value={CONFIRM_CLOSE} />
      <h3 id={headingId} className="font-semibold text-red-900" tabIndex={-1} ref={(heading) => heading?.focus()}>
        {t("reports.closeTitle", { name: isolated(name) })}
      </h3>
      <p className="text-stone-800">{t("reports.closeBody", { name: isolated(name) })}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="markClosed"
          className="min-h-11 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800"
        >
          {t("reports.closeConfirm")}
        </button>
        <Link to="." className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium hover:bg-white">
          {t("reports.cancel")}
        </Link>
      </div>
    </Form>
  );
}
