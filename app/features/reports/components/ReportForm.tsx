// "Report a problem": reason, an optional note and e-mail. A plain form that posts to
// the report page, so it works without JavaScript (marked "basic": stricter limits). With
// JavaScript it is sent in place with a proof-of-work found while the visitor fills it in.
import { useEffect, useId, useRef, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "../../../../database/reports";
import {
  Choice,
  ChoiceGroup,
  FormAlert,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../components/ui/FormFields";
import { useLanguage } from "../../../lib/i18n/use-language";
import { reportPath } from "../../../lib/paths";
import { useProofOfWork } from "../../../lib/use-proof-of-work";
import type { MessageKey } from "../../../locales/en";
import type { ReportField } from "../rules";

/** What the report action answers. */
export interface ReportAnswer {
  ok?: boolean;
  error?: MessageKey;
  errors?: Partial<Record<ReportField, MessageKey>>;
  values?: Record<string, string | number>;
  /** What was sent, to fill the form again after a refusal without JavaScript. */
  fields?: { reason: string; note: string; email: string };
}

export function ReportForm({
  slug,
  answer: pageAnswer,
  sent: pageSent = false,
}: {
  slug: string;
  answer?: ReportAnswer | undefined;
  sent?: boolean;
}) {
  const { language, t } = useLanguage();
  const fetcher = useFetcher<ReportAnswer>();
  const id = useId();
  const { start: startProof, sign, waiting } = useProofOfWork();
  const thanks = useRef<HTMLDivElement>(null);
  const answer = fetcher.data ?? pageAnswer;
  const sent = pageSent || fetcher.data?.ok === true;
  const busy = waiting || fetcher.state !== "idle";

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await sign(data);
    await fetcher.submit(data, { method: "post", action: reportPath(slug, language) });
  }

  if (sent) {
    return (
      <div
        ref={thanks}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-brand-600/40 bg-brand-50 p-4 text-brand-900 outline-none"
        data-testid="report-thanks"
      >
        <p className="font-semibold">{t("report.thanksTitle")}</p>
        <p className="mt-1">{t("report.thanks")}</p>
      </div>
    );
  }

  const errors = answer?.errors ?? {};
  const sentBefore = pageAnswer?.fields;
  const message = (key: MessageKey | undefined) => (key ? t(key, answer?.values) : undefined);
  const ids = { reason: `${id}-reason`, note: `${id}-note` };
  return (
    <form
      method="post"
      action={reportPath(slug, language)}
      // The proof-of-work starts when the visitor begins the form (React's onFocus bubbles).
      onFocus={startProof}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      data-testid="report-form"
    >
      <p className="text-sm text-stone-700">{t("report.intro")}</p>
      {answer?.error && !answer.errors ? <FormAlert>{message(answer.error)}</FormAlert> : null}
      <input type="hidden" name="mode" value="basic" />
      <ChoiceGroup
        legend={t("report.reason")}
        id={ids.reason}
        error={message(errors.reason)}
        listClassName="mt-2 grid gap-1 sm:grid-cols-2"
      >
        {REPORT_REASONS.map((reason) => (
          <Choice
            key={reason}
            type="radio"
            name="reason"
            value={reason}
            required
            defaultChecked={sentBefore?.reason === reason}
            aria-invalid={errors.reason ? true : undefined}
            label={t(`report.reason.${reason}`)}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-200 px-3 hover:bg-stone-50"
          />
        ))}
      </ChoiceGroup>
      <TextAreaField
        label={t("report.note")}
        name="note"
        id={ids.note}
        rows={3}
        maxLength={REPORT_NOTE_MAX}
        defaultValue={sentBefore?.note}
        dir="auto"
        hint={t("report.noteHint")}
        error={message(errors.note)}
      />
      <TextField
        label={t("report.email")}
        name="email"
        type="email"
        dir="ltr"
        autoComplete="email"
        defaultValue={sentBefore?.email}
        hint={t("report.emailHint")}
        error={message(errors.email)}
        inputClassName="rtl:text-right"
      />
      {/* A field people never see nor reach; a bot that fills every field is refused (nothing stored). */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`${id}-website`}>{t("report.honeypot")}</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <SubmitButton busy={busy} busyLabel={t("report.sending")}>
        {t("report.submit")}
      </SubmitButton>
    </form>
  );
}
