// /account/alerts/unsubscribe?token=… (and under /he) — the link in every alert digest (ADR 024):
// no sign-in, the signed token is the proof (alerts/token.server.ts). Opening it changes nothing
// (mail scanners open links): the page, in the e-mail's language, has one button that turns the
// alerts off. A POST with the token turns them off at once: the button, or a mail client's
// one-click unsubscribe (RFC 8058, the List-Unsubscribe-Post header), which posts to the same URL.
// A forged or damaged token is told so and changes nothing.
import { data, Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/alerts-unsubscribe";
import { FormAlert, SubmitButton } from "../components/ui/FormFields";
import { unsubscribeWithToken } from "../features/restaurants/alerts/alerts.server";
import { alertsPath, unsubscribePath } from "../features/restaurants/alerts/paths";
import { actionError, type ErrorAnswer } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { readFormData } from "../lib/form-data.server";
import { useLanguage } from "../lib/i18n/use-language";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { alertTokens } = context.get(servicesContext);
  const token = url.searchParams.get("token") ?? "";
  return {
    token,
    valid: alertTokens.verify(token) !== null,
    meta: simplePageMeta(
      { url, context },
      {
        title: "alerts.unsubscribeTitle",
        description: "alerts.unsubscribeIntro",
        path: (language) => unsubscribePath(language),
        noindex: true,
      },
    ),
  };
}

export type ActionResult = { ok: true } | ({ ok: false } & ErrorAnswer);

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    const form = await readFormData(request);
    const posted = form.get("token");
    // The page's button sends the token in the form; a one-click POST has it in the link's query.
    const token =
      typeof posted === "string" && posted !== "" ? posted : (new URL(request.url).searchParams.get("token") ?? "");
    await unsubscribeWithToken(services.db, services.alertTokens, token, services.now?.() ?? new Date());
    return data<ActionResult>({ ok: true });
  } catch (error) {
    return actionError(error, { log: "[alerts] unsubscribing failed:", with: { ok: false as const } });
  }
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const result = useActionData<typeof action>();
  const { token, valid } = loaderData;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("alerts.unsubscribeTitle")}</h1>
      {result?.ok ? (
        <FormAlert tone="success">
          <span data-testid="unsubscribed">{t("alerts.unsubscribed")}</span>
        </FormAlert>
      ) : result && !result.ok ? (
        <FormAlert>{t(result.error, result.values)}</FormAlert>
      ) : !valid ? (
        <FormAlert>{t("alerts.badToken")}</FormAlert>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-stone-700">{t("alerts.unsubscribeIntro")}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton busyLabel={t("alerts.unsubscribeButton")}>{t("alerts.unsubscribeButton")}</SubmitButton>
        </Form>
      )}
      <p>
        <Link to={alertsPath(language)} className="font-medium text-brand-800 underline underline-offset-4">
          {t("alerts.settingsLink")}
        </Link>
      </p>
    </div>
  );
}
