// The claim's form ("Is this your restaurant?"): the role, the phone, the proof (one file, checked
// here before anything is sent; the server checks it again) and a note. Works without JavaScript;
// a refusal fills it again with what was typed.
import { useState } from "react";
import { Form } from "react-router";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "../../../../components/ui/FormFields";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";
import { formFileProblem } from "../../editing";
import { CLAIM_NOTE_MAX, CLAIM_PHONE_MAX, CLAIM_ROLE_MAX } from "../rules";

/** The refusal the server answered with, if any: its message, its fields' messages, and what was typed. */
export interface ClaimFailure {
  error: MessageKey;
  values?: Record<string, string | number>;
  errors?: Partial<Record<string, MessageKey>>;
  fields?: { role: string; phone: string; note: string };
}

export function ClaimForm({ failure }: { failure: ClaimFailure | undefined }) {
  const { t, ti } = useLanguage();
  const errors = failure?.errors ?? {};
  const fieldError = (field: string) => {
    const message = errors[field];
    return message ? t(message) : undefined;
  };
  const [proofProblem, setProofProblem] = useState<MessageKey | null>(null);
  const proofProblemOf = (file: File | undefined): MessageKey | null => {
    const problem = file && file.size > 0 ? formFileProblem(file, { pdf: true }) : null;
    return problem === "tooLarge" ? "claim.proofTooLarge" : problem === "wrongType" ? "claim.proofType" : null;
  };
  const values = failure?.fields;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      noValidate
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("proof");
        const problem = input instanceof HTMLInputElement ? proofProblemOf(input.files?.[0]) : null;
        setProofProblem(problem);
        if (problem) {
          event.preventDefault();
          if (input instanceof HTMLInputElement) input.focus();
        }
      }}
    >
      {failure && !proofProblem ? <FormAlert>{ti(failure.error, failure.values ?? {})}</FormAlert> : null}
      <TextField
        label={t("claim.role")}
        name="role"
        id="claim-role"
        hint={t("claim.roleHint")}
        required
        maxLength={CLAIM_ROLE_MAX}
        autoComplete="organization-title"
        dir="auto"
        defaultValue={values?.role ?? ""}
        error={fieldError("role")}
      />
      <TextField
        label={t("claim.phone")}
        name="phone"
        id="claim-phone"
        type="tel"
        hint={t("claim.phoneHint")}
        required
        maxLength={CLAIM_PHONE_MAX}
        autoComplete="tel"
        dir="ltr"
        defaultValue={values?.phone ?? ""}
        error={fieldError("phone")}
      />
      <TextField
        label={t("claim.proof")}
        name="proof"
        id="claim-proof"
        type="file"
        hint={t("claim.proofHint")}
        required
        accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
        onChange={(event) => setProofProblem(proofProblemOf(event.currentTarget.files?.[0]))}
        error={proofProblem ? t(proofProblem) : fieldError("proof")}
      />
      <TextAreaField
        label={t("claim.note")}
        name="note"
        id="claim-note"
        rows={3}
        maxLength={CLAIM_NOTE_MAX}
        dir="auto"
        defaultValue={values?.note ?? ""}
        error={fieldError("note")}
      />
      <SubmitButton busyLabel={t("claim.sending")}>{t("claim.submit")}</SubmitButton>
    </Form>
  );
}
