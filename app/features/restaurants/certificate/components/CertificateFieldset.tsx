// The restaurant form's one "Kashrut" group (ADR 023, ADR 032): the supervising body ("Unknown" when
// not given), its level, number and last valid day, and meat/dairy/parve. The spec's kashrut value is
// not chosen here: it follows from the body and level, and the group says what the site will show.
// Every field is always rendered (nothing appears only with JavaScript); details without a body are
// refused by the form's rules. Past days are allowed: an expired certificate is still a fact.
import { SelectField, TextField } from "../../../../components/ui/FormFields";
import { CERTIFICATE_BODIES, CERTIFICATE_LEVELS, CERTIFICATE_NUMBER_MAX } from "../../../../../database/lifecycle";
import { KOSHER_KINDS, type KosherKind } from "../../../../../database/register";
import type { ManageKey } from "../../../../locales/en";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { bodyName } from "../wording-page";
import { KASHRUT_LABELS, kashrutOfFields, type KashrutFields } from "../../core";

const KIND_LABELS: Record<KosherKind, ManageKey> = {
  meat: "kashrutModel.kind.meat",
  dairy: "kashrutModel.kind.dairy",
  parve: "kashrutModel.kind.parve",
};

export function CertificateFieldset({
  values,
  update,
  messageOf,
}: {
  values: KashrutFields;
  update: (patch: Partial<KashrutFields>) => void;
  messageOf: (field: keyof KashrutFields) => string | undefined;
}) {
  const { language, t } = useLanguage();
  const derived = kashrutOfFields(values);
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-5" data-testid="certificate-fieldset">
      <legend className="px-1 text-lg font-semibold">{t("kashrutModel.group")}</legend>
      <div className="mt-2 grid gap-4">
        <p className="text-sm text-stone-700">{t("kashrutModel.hint")}</p>
        <p className="text-sm text-stone-700">{t("editor.certificateHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("editor.certificateBody")}
            name="certificateBody"
            value={values.certificateBody}
            error={messageOf("certificateBody")}
            onChange={(event) => {
              const body = event.target.value;
              // Without a body that supervises, its details go with it; the kashrut value follows.
              const details =
                body === "" || body === "none"
                  ? { certificateLevel: "", certificateNumber: "", certificateValidUntil: "" }
                  : {};
              const next = { certificateLevel: values.certificateLevel, ...details, certificateBody: body };
              update({ ...next, kashrut: kashrutOfFields(next) });
            }}
          >
            <option value="">{t("kashrutModel.bodyUnknown")}</option>
            {CERTIFICATE_BODIES.map((body) => (
              <option key={body} value={body}>
                {t(bodyName(body))}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("editor.certificateLevel")}
            name="certificateLevel"
            value={values.certificateLevel}
            error={messageOf("certificateLevel")}
            onChange={(event) => {
              const certificateLevel = event.target.value;
              update({
                certificateLevel,
                kashrut: kashrutOfFields({ certificateBody: values.certificateBody, certificateLevel }),
              });
            }}
          >
            <option value="">{t("editor.certificateLevelNone")}</option>
            {CERTIFICATE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`certificate.level.${level}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="text-sm font-medium text-stone-800" aria-live="polite" data-testid="kashrut-derived">
          {t("kashrutModel.derived", { kashrut: KASHRUT_LABELS[derived][language] })}
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
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
          <SelectField
            label={t("kashrutModel.kind")}
            name="kosherKind"
            value={values.kosherKind}
            error={messageOf("kosherKind")}
            onChange={(event) => update({ kosherKind: event.target.value })}
          >
            <option value="">{t("kashrutModel.kindUnknown")}</option>
            {KOSHER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
    </fieldset>
  );
}
