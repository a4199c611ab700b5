// One review in the admins' moderation queue: its place, author, stars and text (bidi-isolated, its
// language named), how many earlier versions it has, why it was held, its reports with their reasons
// and weights, and its decision log; approve (confirmed in a dialog, or one post without JavaScript)
// or reject with a reason its author sees.
import { Form, Link, useSubmit } from "react-router";
import type { HoldSignal, ReviewDecision, ReviewStatus } from "../../../../../database/reviews";
import { ConfirmDialog } from "../../../../components/ui/ConfirmDialog";
import { FormAlert, SubmitButton, TextAreaField } from "../../../../components/ui/FormFields";
import { StatusPill } from "../../../../components/ui/QueuePage";
import { formatLongDate } from "../../../../lib/dates";
import { localized } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { restaurantPath } from "../../../../lib/paths";
import { useHydrated } from "../../../../lib/use-hydrated";
import type { MessageKey } from "../../../../locales/en";
import { REVIEW_REASON_MAX } from "../../../../../database/reviews";
import type { QueueReview } from "../moderation.server";
import { REPORT_REASON_LABEL } from "../moderation-rules";
import { visitMonthText } from "./ReviewQuote";

const SIGNAL_LABEL: Record<HoldSignal, MessageKey> = {
  "new-account": "reviewQueue.signal.newAccount",
  "first-review": "reviewQueue.signal.firstReview",
  link: "reviewQueue.signal.link",
  phone: "reviewQueue.signal.phone",
  "watched-word": "reviewQueue.signal.watchedWord",
  "burst-place": "reviewQueue.signal.burstPlace",
  "burst-account": "reviewQueue.signal.burstAccount",
  "repeated-text": "reviewQueue.signal.repeatedText",
  conflict: "reviewQueue.signal.conflict",
  kashrut: "reviewQueue.signal.kashrut",
};

const STATUS_LABEL: Record<ReviewStatus, MessageKey> = {
  published: "reviewQueue.status.published",
  held: "reviewQueue.status.held",
  hidden: "reviewQueue.status.hidden",
  rejected: "reviewQueue.status.rejected",
};

const STATUS_STYLE: Record<ReviewStatus, string> = {
  published: "border-brand-600/40 bg-brand-50 text-brand-900",
  held: "border-amber-300 bg-amber-50 text-amber-950",
  hidden: "border-red-300 bg-red-50 text-red-900",
  rejected: "border-stone-300 bg-stone-100 text-stone-800",
};

const DECISION_LABEL: Record<ReviewDecision, MessageKey> = {
  approved: "reviewQueue.decision.approved",
  rejected: "reviewQueue.decision.rejected",
  hidden: "reviewQueue.decision.hidden",
  "second-look": "reviewQueue.decision.secondLook",
};

const APPROVE_BUTTON =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800";

export function ModerationCard({
  review,
  hideWeight,
  failure,
}: {
  review: QueueReview;
  hideWeight: number;
  failure: { error: MessageKey; errors?: Record<string, MessageKey>; reason?: string } | undefined;
}) {
  const { language, t, ti } = useLanguage();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const name = localized({ en: review.place.nameEn, he: review.place.nameHe ?? undefined }, language);
  const reasonError = failure?.errors?.reason;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" data-testid="moderation-row" data-id={review.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold">
          <Link
            to={restaurantPath(review.place.slug, language)}
            className="text-brand-800 underline underline-offset-4"
          >
            <bdi>{name}</bdi>
          </Link>
        </h2>
        <StatusPill tone={STATUS_STYLE[review.status]}>{t(STATUS_LABEL[review.status])}</StatusPill>
        <span className="text-sm text-stone-600">
          {t("reviewQueue.written", { date: formatLongDate(review.updatedAt, language) })}
        </span>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-700">
        <span>
          {t("reviewQueue.author")}: <bdi>{review.author.name}</bdi> ·{" "}
          <a href={`mailto:${review.author.email}`} dir="ltr" className="text-brand-800 underline underline-offset-4">
            {review.author.email}
          </a>
        </span>
        <span>{t("reviewQueue.stars", { count: review.rating })}</span>
        <span>{t(review.language === "he" ? "reviewQueue.language.he" : "reviewQueue.language.en")}</span>
        {review.ateHere ? <span>{t("reviewQueue.ateHere")}</span> : null}
        <span>{t("reviewQueue.visited", { month: visitMonthText(review.visitMonth, language) })}</span>
        <span data-testid="moderation-versions">{t("reviewQueue.versions", { count: review.versions })}</span>
      </p>
      <blockquote
        className="mt-2 whitespace-pre-line break-words rounded-lg bg-stone-50 p-3"
        lang={review.language}
        data-testid="moderation-text"
      >
        <bdi dir="auto">{review.body}</bdi>
      </blockquote>
      {review.heldFor.length > 0 ? (
        <div className="mt-2 text-sm">
          <p className="font-medium text-stone-800">{t("reviewQueue.heldFor")}</p>
          <ul className="list-disc ps-5" data-testid="moderation-signals">
            {review.heldFor.map((signal) => (
              <li key={signal} data-signal={signal}>
                {t(SIGNAL_LABEL[signal])}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.reports.length > 0 ? (
        <div className="mt-2 text-sm">
          <p className="font-medium text-stone-800">
            {t("reviewQueue.reports", { weight: review.openWeight, threshold: hideWeight })}
          </p>
          <ul className="list-disc ps-5" data-testid="moderation-reports">
            {review.reports.map((report, index) => (
              <li key={index}>
                {ti("reviewQueue.reportLine", {
                  reason: t(REPORT_REASON_LABEL[report.reason]),
                  weight: report.weight,
                  who: report.reporter,
                })}
                {report.settled ? ` (${t("reviewQueue.settled")})` : null}
                {report.note ? (
                  <span className="block whitespace-pre-line text-stone-700" dir="auto">
                    {report.note}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.rejectionReason ? (
        <p className="mt-2 text-sm">
          {t("reviewQueue.rejectionReason")}{" "}
          <bdi className="whitespace-pre-line" dir="auto">
            {review.rejectionReason}
          </bdi>
        </p>
      ) : null}
      {review.decisions.length > 0 ? (
        <div className="mt-2 text-sm">
          <p className="font-medium text-stone-800">{t("reviewQueue.history")}</p>
          <ol className="list-decimal ps-5" data-testid="moderation-history">
            {review.decisions.map((decision, index) => (
              <li key={index} data-decision={decision.decision}>
                {ti("reviewQueue.decisionLine", {
                  decision: t(DECISION_LABEL[decision.decision]),
                  who: decision.actor,
                  date: formatLongDate(decision.at, language),
                })}
                {decision.reason ? (
                  <span className="block whitespace-pre-line text-stone-700" dir="auto">
                    {decision.reason}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="mt-3 space-y-3 border-t border-stone-100 pt-3">
        {failure && !reasonError ? <FormAlert>{t(failure.error)}</FormAlert> : null}
        {hydrated ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={APPROVE_BUTTON}>
                {t("reviewQueue.approve")}
              </button>
            }
            title={t("reviewQueue.approveTitle")}
            body={t("reviewQueue.approveBody", { name })}
            confirmLabel={t("reviewQueue.approve")}
            cancelLabel={t("reviewQueue.cancel")}
            onConfirm={() => void submit({ intent: "approve", reviewId: review.id }, { method: "post" })}
          />
        ) : (
          // Without JavaScript the button posts the approval itself (no dialog to confirm it in).
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="reviewId" value={review.id} />
            <button type="submit" className={APPROVE_BUTTON}>
              {t("reviewQueue.approve")}
            </button>
          </Form>
        )}
        <Form method="post" className="space-y-2" noValidate>
          <input type="hidden" name="reviewId" value={review.id} />
          <TextAreaField
            label={t("reviewQueue.reason")}
            name="reason"
            id={`review-reason-${review.id}`}
            rows={2}
            maxLength={REVIEW_REASON_MAX}
            dir="auto"
            required
            defaultValue={failure?.reason ?? ""}
            error={reasonError ? t(reasonError) : undefined}
          />
          <SubmitButton intent="reject" busyLabel={t("reviewQueue.reject")} variant="neutral" className="px-4 text-sm">
            {t("reviewQueue.reject")}
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}
