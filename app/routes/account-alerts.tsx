// /account/alerts and /he/account/alerts — a diner's e-mail alerts for saved places (ADR 024): on
// or off, and the language the digest is written in (the page's language when first turned on).
// Signed in only; the account's own setting only (the rule book's `saved:keep`, asked here and by
// setAlerts). A plain form: it works without JavaScript (ADR 021).
import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/account-alerts";
import { ChoiceGroup, Choice, CheckboxField, FormAlert, SubmitButton } from "../components/ui/FormFields";
import { alertSettingsOf, setAlerts } from "../features/restaurants/alerts/alerts.server";
import { alertsPath } from "../features/restaurants/alerts/paths";
import { parseAlertSettings } from "../features/restaurants/alerts/rules";
import { actionError, parsedOrThrow, type ErrorAnswer } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { readFormData } from "../lib/form-data.server";
import { detectLanguage } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { accessDenied, requireViewer } from "../lib/permissions.server";
import { accountPath, savedPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  if (!can(viewer, "saved:keep")) accessDenied();
  const { db } = context.get(servicesContext);
  const settings = await alertSettingsOf(db, viewer.id, detectLanguage(url.pathname));
  return {
    settings,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    meta: simplePageMeta(
      { url, context },
      { title: "alerts.title", description: "alerts.intro", path: (language) => alertsPath(language), noindex: true },
    ),
  };
}

export type ActionResult = { ok: true } | ({ ok: false } & ErrorAnswer);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  if (!can(viewer, "saved:keep")) accessDenied();
  const services = context.get(servicesContext);
  try {
    const form = await readFormData(request);
    const values = parsedOrThrow(parseAlertSettings(form));
    await setAlerts(services.db, viewer, values, services.now?.() ?? new Date());
    return data<ActionResult>({ ok: true });
  } catch (error) {
    return actionError(error, { log: "[alerts] saving the setting failed:", with: { ok: false as const } });
  }
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function AlertSettingsPage({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const result = useActionData<typeof action>();
  const { settings, email, emailVerified } = loaderData;
  const errors = result && !result.ok ? result.errors : undefined;
  const languageError = errors?.language ? t(errors.language) : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("alerts.title")}</h1>
      <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm" aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="sr-only">
          {t("alerts.title")}
        </h2>
        <p className="text-stone-700">{t("alerts.intro")}</p>
        <p className="mt-3 font-medium" data-testid="alerts-status">
          {settings.enabled ? t("alerts.statusOn", { email: `\u2068${email}\u2069` }) : t("alerts.statusOff")}
        </p>
        {emailVerified ? null : <p className="mt-2 text-sm text-amber-800">{t("alerts.notVerified")}</p>}
        <Form method="post" className="mt-5 space-y-4" noValidate>
          {result?.ok ? <FormAlert tone="success">{t("alerts.saved")}</FormAlert> : null}
          {result && !result.ok ? <FormAlert>{t(result.error, result.values)}</FormAlert> : null}
          <CheckboxField
            label={t("alerts.enabled")}
            name="enabled"
            value="on"
            defaultChecked={settings.enabled}
            key={`enabled-${settings.enabled}`}
          />
          <ChoiceGroup
            legend={t("alerts.language")}
            id="alerts-language"
            error={languageError}
            listClassName="mt-2 flex flex-wrap gap-x-6"
          >
            <Choice
              type="radio"
              name="language"
              value="en"
              label={<span lang="en">English</span>}
              defaultChecked={settings.language === "en"}
              key={`en-${settings.language}`}
            />
            <Choice
              type="radio"
              name="language"
              value="he"
              label={<span lang="he">עברית</span>}
              defaultChecked={settings.language === "he"}
              key={`he-${settings.language}`}
            />
          </ChoiceGroup>
          <SubmitButton busyLabel={t("alerts.save")}>{t("alerts.save")}</SubmitButton>
        </Form>
      </section>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={savedPath(language)} className="font-medium text-brand-800 underline underline-offset-4">
          {t("saved.title")}
        </Link>
        <Link to={accountPath(language)} className="font-medium text-brand-800 underline underline-offset-4">
          {t("account.title")}
        </Link>
      </p>
    </div>
  );
}
