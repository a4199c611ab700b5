// One report in the queue: the reason, the note, the reply address, what became of it; for admins,
// while it is open, resolve, dismiss, mark the restaurant closed (confirmed: a dialog with
// JavaScript, a second step without) or verified today, with a note.
import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { REPORT_NOTE_MAX, type ReportStatus } from "../../../../database/reports";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { FormAlert, SubmitButton, TextAreaField } from "../../../components/ui/FormFields";
import { StatusPill } from "../../../components/ui/QueuePage";
import { formatLongDate } from "../../../lib/dates";
import { localized } from "../../../lib/i18n/language";
import { useLanguage } from "../../../lib/i18n/use-language";
import { restaurantPath } from "../../../lib/paths";
import { dashboardEditPath } from "../../../lib/member-paths";
import { useHydrated } from "../../../lib/use-hydrated";
import type { MessageKey } from "../../../locales/en";
import { CONFIRM_CLOSE } from "../queue-actions";
import type { QueueReport } from "../queue.server";

const STATUS_STYLE: Record<ReportStatus, string> = {
  open: "border-amber-300 bg-amber-50 text-amber-950",
  resolved: "border-brand-600/40 bg-brand-50 text-brand-900",
  dismissed: "border-stone-300 bg-stone-100 text-stone-800",
};

export function ReportCard({
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
    <li
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="report-row"
      data-status={report.status}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold">
          <bdi>{name}</bdi>
        </h2>
        <StatusPill tone={STATUS_STYLE[report.status]}>{t(`reports.status.${report.status}`)}</StatusPill>
        <span className="text-sm text-stone-600">
          {t("reports.received", { date: formatLongDate(report.createdAt, language) })}
        </span>
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
        <Link
          to={restaurantPath(report.restaurant.slug, language)}
          className="text-brand-800 underline underline-offset-4"
        >
          {t("reports.viewListing")}
        </Link>
        <Link
          to={dashboardEditPath(report.restaurant.id, language)}
          className="text-brand-800 underline underline-offset-4"
        >
          {t("reports.edit")}
        </Link>
      </div>
      {report.events.length > 0 ? (
        <ul
          className="mt-2 space-y-1 border-t border-stone-100 pt-2 text-sm text-stone-700"
          data-testid="report-events"
        >
          {report.events.map((event, index) => (
            <li key={index}>
              {event.actorEmail === undefined
                ? t("reports.eventWhen", {
                    status: t(`reports.status.${event.status}`),
                    date: formatLongDate(event.createdAt, language),
                  })
                : t("reports.event", {
                    status: t(`reports.status.${event.status}`),
                    who: event.actorEmail,
                    date: formatLongDate(event.createdAt, language),
                  })}
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
          <TextAreaField
            label={t("reports.adminNote")}
            name="note"
            id={noteId}
            rows={2}
            maxLength={REPORT_NOTE_MAX}
            dir="auto"
          />
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
              <SubmitButton
                intent="markClosed"
                busyLabel={t("reports.markClosed")}
                variant="outline"
                className="px-4 text-sm"
              >
                {t("reports.markClosed")}
              </SubmitButton>
            )}
            <SubmitButton
              intent="verifyToday"
              busyLabel={t("reports.verifyToday")}
              variant="outline"
              className="px-4 text-sm"
            >
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
        <Link
          to="."
          className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium hover:bg-white"
        >
          {t("reports.cancel")}
        </Link>
      </div>
    </Form>
  );
}
