// The restaurant form's "Price and services" fieldset (ADR 024): the price level, what the place
// offers (delivery, takeaway, catering) and its wheelchair access. All optional: "Not given" and
// an unticked box say nothing on the site.
import { CheckboxField, ChoiceGroup, SelectField } from "../../../../components/ui/FormFields";
import { PRICE_LEVELS, SERVICES, WHEELCHAIR_ACCESS } from "../../../../../database/practical";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { PracticalFields } from "../../core";

export function PracticalFieldset({
  values,
  update,
  messageOf,
}: {
  values: PracticalFields;
  update: (patch: Partial<PracticalFields>) => void;
  messageOf: (field: keyof PracticalFields) => string | undefined;
}) {
  const { t } = useLanguage();
  const serviceError = SERVICES.map((service) => messageOf(service)).find(Boolean);
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-5" data-testid="practical-fieldset">
      <legend className="px-1 text-lg font-semibold">{t("practical.title")}</legend>
      <div className="mt-2 grid gap-4">
        <p className="text-sm text-stone-700">{t("practical.hint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("practical.priceLevel")}
            name="priceLevel"
            value={values.priceLevel}
            error={messageOf("priceLevel")}
            onChange={(event) => update({ priceLevel: event.target.value })}
          >
            <option value="">{t("practical.notGiven")}</option>
            {PRICE_LEVELS.map((level) => (
              <option key={level} value={String(level)}>
                {t(`practical.price.${level}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("practical.wheelchair")}
            name="wheelchair"
            value={values.wheelchair}
            error={messageOf("wheelchair")}
            onChange={(event) => update({ wheelchair: event.target.value })}
          >
            <option value="">{t("practical.notGiven")}</option>
            {WHEELCHAIR_ACCESS.map((access) => (
              <option key={access} value={access}>
                {t(`practical.wheelchair.${access}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <ChoiceGroup
          legend={t("practical.offers")}
          id="field-services"
          error={serviceError}
          listClassName="mt-2 flex flex-wrap gap-x-6"
        >
          {SERVICES.map((service) => (
            <CheckboxField
              key={service}
              label={t(`facts.${service}`)}
              name={service}
              value="true"
              checked={values[service]}
              onChange={(event) => update({ [service]: event.target.checked })}
            />
          ))}
        </ChoiceGroup>
      </div>
    </fieldset>
  );
}
