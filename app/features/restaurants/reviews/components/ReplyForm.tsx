// The owner's reply to a review: one text, published at once; posting again edits it (the earlier
// text is kept). A plain post: it works without JavaScript.
import { Form } from "react-router";
import { REVIEW_REPLY_MAX } from "../../../../../database/reviews";
import { FormAlert, SubmitButton, TextAreaField } from "../../../../components/ui/FormFields";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";

export function ReplyForm({
  current,
  failure,
}: {
  /** The reply as it stands (empty: none yet). */
  current: string;
  failure: { error: MessageKey; errors?: Record<string, MessageKey>; body?: string } | undefined;
}) {
  const { t } = useLanguage();
  const bodyError = failure?.errors?.body;
  return (
    <Form method="post" className="space-y-4" noValidate data-testid="review-reply-form">
      {failure && !bodyError ? <FormAlert>{t(failure.error)}</FormAlert> : null}
      <TextAreaField
        label={t("reviewModerate.reply.label")}
        name="body"
        id="review-reply-body"
        rows={5}
        maxLength={REVIEW_REPLY_MAX}
        dir="auto"
        required
        defaultValue={failure?.body ?? current}
        error={bodyError ? t(bodyError) : undefined}
      />
      <SubmitButton busyLabel={t("reviewModerate.reply.sending")}>
        {current ? t("reviewModerate.reply.save") : t("reviewModerate.reply.publish")}
      </SubmitButton>
    </Form>
  );
}
