// The restaurant form's "Kashrut certificate" fieldset (ADR 023): the supervising body (or none
// given), then, for a body that supervises, its level, number and last valid day. Past days are
// allowed: an expired certificate is still a fact, shown as expired.
import { SelectField, TextField } from "../../../../components/ui/FormFields";
import { CERTIFICATE_BODIES, CERTIFICATE_LEVELS, CERTIFICATE_NUMBER_MAX } from "../../../../../database/lifecycle";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { bodyMessage } from "../wording-page";
import type { CertificateFields } from "../../core";

export function CertificateFieldset({
  values,
  update,
  messageOf,
}: {
  values: CertificateFields;
  update: (patch: Partial<CertificateFields>) => void;
  messageOf: (field: keyof CertificateFields) => string | undefined;
}) {
  const { t } = useLanguage();
  const details = values.certificateBody !== "" && values.certificateBody !== "none";
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-5" data-testid="certificate-fieldset">
      <legend className="px-1 text-lg font-semibold">{t("editor.certificate")}</legend>
      <div className="mt-2 grid gap-4">
        <p className="text-sm text-stone-700">{t("editor.certificateHint")}</p>
        <SelectField
          label={t("editor.certificateBody")}
          name="certificateBody"
          value={values.certificateBody}
          error={messageOf("certificateBody")}
          onChange={(event) =>
            update(
              event.target.value === "" || event.target.value === "none"
                ? {
                    certificateBody: event.target.value,
                    certificateLevel: "",
                    certificateNumber: "",
                    certificateValidUntil: "",
                  }
                : { certificateBody: event.target.value },
            )
          }
        >
          <option value="">{t("editor.certificateBodyNone")}</option>
          {CERTIFICATE_BODIES.map((body) => (
            <option key={body} value={body}>
              {t(bodyMessage(body))}
            </option>
          ))}
        </SelectField>
        {details ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label={t("editor.certificateLevel")}
              name="certificateLevel"
              value={values.certificateLevel}
              error={messageOf("certificateLevel")}
              onChange={(event) => update({ certificateLevel: event.target.value })}
            >
              <option value="">{t("editor.certificateLevelNone")}</option>
              {CERTIFICATE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`certificate.level.${level}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t("editor.certificateNumber")}
              name="certificateNumber"
              value={values.certificateNumber}
              dir="ltr"
              maxLength={CERTIFICATE_NUMBER_MAX}
              autoComplete="off"
              error={messageOf("certificateNumber")}
              onChange={(event) => update({ certificateNumber: event.target.value })}
            />
            <TextField
              label={t("editor.certificateValidUntil")}
              name="certificateValidUntil"
              type="date"
              value={values.certificateValidUntil}
              dir="ltr"
              error={messageOf("certificateValidUntil")}
              onChange={(event) => update({ certificateValidUntil: event.target.value })}
            />
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
