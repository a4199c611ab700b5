// The form that reports a review: the reason (a radio group; kashrut also goes to the problem
// reports) and an optional note. A plain post: it works without JavaScript.
import { Form } from "react-router";
import { REVIEW_REPORT_NOTE_MAX, REVIEW_REPORT_REASONS } from "../../../../../database/reviews";
import { Choice, ChoiceGroup, FormAlert, SubmitButton, TextAreaField } from "../../../../components/ui/FormFields";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";
import { REPORT_REASON_LABEL } from "../moderation-rules";

export interface ReviewReportFailure {
  error: MessageKey;
  errors?: Record<string, MessageKey>;
  reason?: string;
  note?: string;
}

export function ReviewReportForm({ failure }: { failure: ReviewReportFailure | undefined }) {
  const { t } = useLanguage();
  const reasonError = failure?.errors?.reason;
  const noteError = failure?.errors?.note;
  return (
    <Form method="post" className="space-y-4" noValidate data-testid="review-report-form">
      {failure && !reasonError && !noteError ? <FormAlert>{t(failure.error)}</FormAlert> : null}
      <ChoiceGroup
        legend={t("reviewModerate.report.reason")}
        id="review-report-reason"
        error={reasonError ? t(reasonError) : undefined}
      >
        {REVIEW_REPORT_REASONS.map((reason) => (
          <Choice
            key={reason}
            type="radio"
            name="reason"
            value={reason}
            label={t(REPORT_REASON_LABEL[reason])}
            defaultChecked={failure?.reason === reason}
          />
        ))}
      </ChoiceGroup>
      <TextAreaField
        label={t("reviewModerate.report.note")}
        name="note"
        id="review-report-note"
        rows={3}
        maxLength={REVIEW_REPORT_NOTE_MAX}
        dir="auto"
        defaultValue={failure?.note ?? ""}
        error={noteError ? t(noteError) : undefined}
      />
      <SubmitButton busyLabel={t("reviewModerate.report.sending")}>{t("reviewModerate.report.send")}</SubmitButton>
    </Form>
  );
}
