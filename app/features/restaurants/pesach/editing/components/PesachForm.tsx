// The Pesach form (ADR 023): the year's status, kitniyot, the Pesach certificate and Chol HaMoed
// hours. A plain POST form (it works without JavaScript); the server checks every rule (pesach-form.ts).
import { Form } from "react-router";
import { CERTIFICATE_BODIES } from "../../../../../../database/lifecycle";
import {
  ChoiceGroup,
  Choice,
  FormAlert,
  SelectField,
  SubmitButton,
  TextField,
} from "../../../../../components/ui/FormFields";
import type { ErrorAnswer } from "../../../../../lib/action-error.server";
import { formatLongDate } from "../../../../../lib/dates";
import { useLanguage } from "../../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../../locales/en";
import type { PesachSeason } from "../../pesach";
import type { PesachField, PesachFormValues } from "../pesach-form";
import { bodyName } from "../../../certificate";

const STATUS_LABELS = [
  ["", "pesachEdit.statusNone"],
  ["closed", "pesachEdit.statusClosed"],
  ["kosher", "pesachEdit.statusKosher"],
  ["not_kosher", "pesachEdit.statusNotKosher"],
] as const satisfies readonly (readonly [PesachFormValues["status"], MessageKey])[];

const KITNIYOT_LABELS = [
  ["", "pesachEdit.kitniyotUnknown"],
  ["yes", "pesachEdit.kitniyotYes"],
  ["no", "pesachEdit.kitniyotNo"],
] as const satisfies readonly (readonly [PesachFormValues["kitniyot"], MessageKey])[];

export function PesachForm({
  pesach,
  cholHamoed,
  initial,
  answer,
}: {
  pesach: PesachSeason;
  cholHamoed: { from: string; to: string };
  initial: PesachFormValues;
  answer?: (Partial<ErrorAnswer> & { values?: Record<string, unknown> }) | undefined;
}) {
  const { language, t } = useLanguage();
  const errors = (answer?.errors ?? {}) as Partial<Record<PesachField, MessageKey>>;
  const posted = answer?.values;
  // After a refused post, the form shows what was sent (without JavaScript too).
  const value = (field: PesachField): string =>
    posted && typeof posted[field] === "string" ? posted[field] : initial[field];
  const error = (field: PesachField) => (errors[field] ? t(errors[field]) : undefined);
  const day = (iso: string) => formatLongDate(iso, language);
  return (
    <Form method="post" className="max-w-2xl space-y-6" data-testid="pesach-form">
      <p className="text-stone-700">
        {t("pesachEdit.dates", {
          from: day(pesach.firstDay),
          to: day(pesach.lastDay),
          cholFrom: day(cholHamoed.from),
          cholTo: day(cholHamoed.to),
        })}
      </p>
      {answer?.error ? <FormAlert>{t(answer.error)}</FormAlert> : null}
      <ChoiceGroup legend={t("pesachEdit.status")} id="pesach-status" error={error("status")}>
        {STATUS_LABELS.map(([status, label]) => (
          <Choice
            key={status || "none"}
            type="radio"
            name="status"
            value={status}
            defaultChecked={value("status") === status}
            label={t(label)}
          />
        ))}
      </ChoiceGroup>
      <ChoiceGroup legend={t("pesachEdit.kitniyot")} id="pesach-kitniyot" error={error("kitniyot")}>
        {KITNIYOT_LABELS.map(([kitniyot, label]) => (
          <Choice
            key={kitniyot || "none"}
            type="radio"
            name="kitniyot"
            value={kitniyot}
            defaultChecked={value("kitniyot") === kitniyot}
            label={t(label)}
          />
        ))}
      </ChoiceGroup>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-stone-800">{t("pesachEdit.certificate")}</legend>
        <SelectField
          label={t("pesachEdit.body")}
          name="body"
          id="pesach-body"
          defaultValue={value("body")}
          error={error("body")}
        >
          <option value="">{t("pesachEdit.bodyNone")}</option>
          {CERTIFICATE_BODIES.map((body) => (
            <option key={body} value={body}>
              {t(bodyName(body))}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("pesachEdit.level")}
          name="level"
          id="pesach-level"
          defaultValue={value("level")}
          error={error("level")}
        >
          <option value="">{t("pesachEdit.bodyNone")}</option>
          <option value="regular">{t("pesachEdit.levelRegular")}</option>
          <option value="mehadrin">{t("pesachEdit.levelMehadrin")}</option>
        </SelectField>
        <TextField
          label={t("pesachEdit.validUntil")}
          name="validUntil"
          id="pesach-valid-until"
          type="date"
          defaultValue={value("validUntil")}
          error={error("validUntil")}
        />
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{t("pesachEdit.cholHamoed")}</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <TextField
            label={t("pesachEdit.from")}
            name="cholFrom"
            id="pesach-chol-from"
            type="time"
            defaultValue={value("cholFrom")}
            error={error("cholFrom")}
          />
          <TextField
            label={t("pesachEdit.to")}
            name="cholTo"
            id="pesach-chol-to"
            type="time"
            defaultValue={value("cholTo")}
            error={error("cholTo")}
          />
        </div>
      </fieldset>
      <SubmitButton busyLabel={t("pesachEdit.saving")}>{t("pesachEdit.save")}</SubmitButton>
    </Form>
  );
}
