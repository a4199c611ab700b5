// What the author of a review sees of it beside the form: where it stands (published; waiting for an
// admin, and why in plain words; hidden after reports; rejected with the admin's reason, and "Ask for a
// second look" once), and the Delete button, which asks first: the question is the page's own answer,
// so deleting works without JavaScript too.
import { Form, Link } from "react-router";
import type { HoldSignal } from "../../../../../database/reviews";
import { FormAlert, SubmitButton, TextAreaField } from "../../../../components/ui/FormFields";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { reviewPath } from "../../../../lib/member-paths";
import type { MessageKey } from "../../../../locales/en";
import type { ReviewAnswer } from "./ReviewForm";

/** Each hold signal in plain words, for the author. */
export const SIGNAL_WORDS: Record<HoldSignal, MessageKey> = {
  "new-account": "reviewWrite.signalNewAccount",
  "first-review": "reviewWrite.signalFirstReview",
  link: "reviewWrite.signalLink",
  phone: "reviewWrite.signalPhone",
  "watched-word": "reviewWrite.signalWatchedWord",
  "burst-place": "reviewWrite.signalBurstPlace",
  "burst-account": "reviewWrite.signalBurstAccount",
  "repeated-text": "reviewWrite.signalRepeatedText",
  conflict: "reviewWrite.signalConflict",
  kashrut: "reviewWrite.signalKashrut",
};

export interface OwnReviewState {
  status: "published" | "held" | "hidden" | "rejected";
  heldFor: HoldSignal[];
  rejectionReason: string | null;
  secondLookAsked: boolean;
}

const box = "rounded-lg border p-4";

export function ReviewStatePanel({ review, answer }: { review: OwnReviewState; answer: ReviewAnswer | undefined }) {
  const { t } = useLanguage();
  const failed = answer?.intent === "secondLook" && answer.error ? answer.error : undefined;
  if (review.status === "published")
    return (
      <p role="status" data-testid="review-state" className={`${box} border-brand-600/40 bg-brand-50 text-brand-900`}>
        {t("reviewWrite.statusPublished")}
      </p>
    );
  if (review.status === "held")
    return (
      <div role="status" data-testid="review-state" className={`${box} border-amber-300 bg-amber-50 text-amber-950`}>
        <p>{t("reviewWrite.statusHeld")}</p>
        <ul className="mt-1 list-disc ps-6">
          {review.heldFor.map((signal) => (
            <li key={signal}>{t(SIGNAL_WORDS[signal])}</li>
          ))}
          {/* An edit of a hidden or rejected review waits with no signal of its own. */}
          {review.heldFor.length === 0 ? <li>{t("reviewWrite.heldAfterConcern")}</li> : null}
        </ul>
      </div>
    );
  if (review.status === "hidden")
    return (
      <p role="status" data-testid="review-state" className={`${box} border-amber-300 bg-amber-50 text-amber-950`}>
        {t("reviewWrite.statusHidden")}
      </p>
    );
  return (
    <div data-testid="review-state" className={`${box} border-stone-300 bg-stone-50`}>
      <p>{t("reviewWrite.statusRejected")}</p>
      <p className="mt-1 whitespace-pre-line" dir="auto">
        {review.rejectionReason}
      </p>
      {review.secondLookAsked ? (
        <p className="mt-3" role="status">
          {t("reviewWrite.secondLookAsked")}
        </p>
      ) : (
        <Form method="post" className="mt-3 space-y-2">
          {failed ? <FormAlert>{t(failed)}</FormAlert> : null}
          <TextAreaField label={t("reviewWrite.secondLookReason")} name="reason" rows={3} maxLength={500} dir="auto" />
          <SubmitButton intent="secondLook" busyLabel={t("reviewWrite.sending")} variant="outline">
            {t("reviewWrite.secondLook")}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

/** The Delete button, or (after it was pressed) the question with "Yes, delete it" and "No, keep it". */
export function DeleteReview({ slug, name, answer }: { slug: string; name: string; answer: ReviewAnswer | undefined }) {
  const { language, t, ti } = useLanguage();
  const failed = answer?.intent === "delete" && answer.error ? answer.error : undefined;
  if (answer?.confirmDelete)
    return (
      <Form
        method="post"
        className="rounded-lg border border-red-300 bg-red-50 p-4"
        data-testid="review-delete-confirm"
      >
        <p role="alert" className="text-red-900">
          {ti("reviewWrite.confirmDelete", { name })}
        </p>
        <input type="hidden" name="confirm" value="yes" />
        <div className="mt-3 flex flex-wrap gap-3">
          <SubmitButton intent="delete" busyLabel={t("reviewWrite.sending")} variant="neutral">
            {t("reviewWrite.confirmDeleteYes")}
          </SubmitButton>
          <Link
            to={reviewPath(slug, language)}
            className="inline-flex min-h-11 items-center rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-700"
          >
            {t("reviewWrite.keep")}
          </Link>
        </div>
      </Form>
    );
  return (
    <Form method="post">
      {failed ? <FormAlert>{t(failed)}</FormAlert> : null}
      <SubmitButton intent="delete" busyLabel={t("reviewWrite.sending")} variant="outline">
        {t("reviewWrite.delete")}
      </SubmitButton>
    </Form>
  );
}
