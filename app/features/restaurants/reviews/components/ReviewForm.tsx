// A diner's review form: 1-5 stars (a radio group), the text, its language (recognised from the letters
// as the author types; a select they may correct), "I ate here" and the month of the visit. No kashrut
// rating: a text that speaks of kashrut comes back with the offer of the problem report, and a box
// to send it anyway. A plain form that posts to its own page, so it works without JavaScript; a new
// account's browser adds the proof-of-work found while the form is filled in (without it, the server
// counts the review under a stricter quota).
import { useId, useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, type ReviewLanguage } from "../../../../../database/reviews";
import {
  CheckboxField,
  ChoiceGroup,
  Choice,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../../components/ui/FormFields";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { reviewPolicyPath } from "../../../../lib/paths";
import { useProofOfWork } from "../../../../lib/use-proof-of-work";
import type { MessageKey } from "../../../../locales/en";
import { FIRST_VISIT_MONTH, currentMonth, recogniseLanguage, type TypedReview } from "../form-facts";

/** What the review page's action answers when it does not redirect. */
export interface ReviewAnswer {
  error?: MessageKey;
  errors?: Record<string, MessageKey>;
  values?: Record<string, string | number>;
  fields?: TypedReview;
  intent?: string;
  /** The problem report with the text carried over, when the text speaks of kashrut. */
  reportLink?: string | null;
  confirmDelete?: boolean;
}

const STARS: [number, MessageKey][] = [
  [5, "reviewWrite.star5"],
  [4, "reviewWrite.star4"],
  [3, "reviewWrite.star3"],
  [2, "reviewWrite.star2"],
  [1, "reviewWrite.star1"],
];

export function ReviewForm({
  current,
  answer,
  needsProof,
}: {
  /** The author's review when editing. */
  current: Omit<TypedReview, "notKashrut"> | null;
  answer: ReviewAnswer | undefined;
  needsProof: boolean;
}) {
  const { language, t } = useLanguage();
  const id = useId();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { start, sign, waiting } = useProofOfWork();
  const saving = answer?.intent === "save" || answer?.intent === undefined;
  const before = (saving ? answer?.fields : undefined) ?? current;
  const [written, setWritten] = useState<ReviewLanguage>(
    before?.language === "he" || before?.language === "en" ? before.language : language,
  );
  // Once the author chose the language themselves, typing no longer changes it.
  const [chosen, setChosen] = useState(before?.language === "he" || before?.language === "en");
  const errors = saving ? (answer?.errors ?? {}) : {};
  const message = (key: MessageKey | undefined) => (key ? t(key, answer?.values) : undefined);
  const field = (name: string) => `${id}-${name}`;
  const kashrut = saving && answer?.reportLink ? answer.reportLink : null;

  async function send(event: FormEvent<HTMLFormElement>) {
    if (!needsProof) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await sign(data);
    await submit(data, { method: "post" });
  }

  return (
    <Form
      method="post"
      // A review that needs the proof-of-work starts it when the author begins the form.
      onFocus={needsProof ? start : undefined}
      onSubmit={send}
      noValidate
      className="space-y-5"
      data-testid="review-form"
    >
      {saving && answer?.error && !kashrut ? <FormAlert>{message(answer.error)}</FormAlert> : null}
      {kashrut ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>{t("reviewWrite.kashrutOffer")}</p>
          <p className="mt-2">
            <Link
              to={kashrut}
              className="inline-block min-h-11 py-2.5 font-semibold text-brand-800 underline underline-offset-4"
              data-testid="kashrut-report-link"
            >
              {t("reviewWrite.kashrutReport")}
            </Link>
          </p>
          <CheckboxField name="notKashrut" label={t("reviewWrite.notKashrut")} />
          <p className="text-sm">{t("reviewWrite.notKashrutHint")}</p>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="mode" value="basic" />
      <ChoiceGroup
        legend={t("reviewWrite.rating")}
        id={field("rating")}
        error={message(errors.rating)}
        testId="review-stars"
      >
        {STARS.map(([stars, label]) => (
          <Choice
            key={stars}
            type="radio"
            name="rating"
            value={String(stars)}
            defaultChecked={before?.rating === String(stars)}
            aria-invalid={errors.rating ? true : undefined}
            label={
              <>
                {t(label)}
                {/* The stars drawn after the words (in the page's direction: filled first), for the eye only. */}
                <span aria-hidden="true" className="ms-2 text-amber-600">
                  {"★".repeat(stars)}
                  <span className="text-stone-300">{"★".repeat(5 - stars)}</span>
                </span>
              </>
            }
          />
        ))}
      </ChoiceGroup>
      <TextAreaField
        label={t("reviewWrite.text")}
        name="body"
        id={field("body")}
        dir="auto"
        lang={written}
        rows={7}
        minLength={REVIEW_TEXT_MIN}
        maxLength={REVIEW_TEXT_MAX}
        required
        defaultValue={before?.body}
        onInput={(event) => {
          if (!chosen) setWritten(recogniseLanguage(event.currentTarget.value));
        }}
        hint={t("reviewWrite.textHint")}
        error={message(errors.body)}
      />
      <SelectField
        label={t("reviewWrite.language")}
        name="language"
        id={field("language")}
        value={written}
        onChange={(event) => {
          setWritten(event.currentTarget.value === "he" ? "he" : "en");
          setChosen(true);
        }}
        hint={t("reviewWrite.languageHint")}
        error={message(errors.language)}
      >
        <option value="he">{t("reviewWrite.languageHe")}</option>
        <option value="en">{t("reviewWrite.languageEn")}</option>
      </SelectField>
      <CheckboxField name="ateHere" label={t("reviewWrite.ateHere")} defaultChecked={before?.ateHere ?? false} />
      <TextField
        label={t("reviewWrite.visitMonth")}
        name="visitMonth"
        id={field("visitMonth")}
        type="month"
        dir="ltr"
        min={FIRST_VISIT_MONTH}
        max={currentMonth(new Date())}
        placeholder="2026-10"
        required
        defaultValue={before?.visitMonth}
        hint={t("reviewWrite.visitMonthHint")}
        error={message(errors.visitMonth)}
        inputClassName="max-w-xs"
      />
      <SubmitButton
        busy={waiting || (navigation.state === "submitting" && navigation.formData?.get("intent") === "save")}
        busyLabel={t("reviewWrite.sending")}
        size="lg"
      >
        {current ? t("reviewWrite.submitEdit") : t("reviewWrite.submit")}
      </SubmitButton>
      <p className="text-sm">
        <Link to={reviewPolicyPath(language)} className="font-medium text-brand-800 underline underline-offset-4">
          {t("reviewWrite.policy")}
        </Link>
      </p>
    </Form>
  );
}
