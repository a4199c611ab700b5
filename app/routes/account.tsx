// /account and /he/account — the signed-in viewer's account: the profile, the password, the devices
// signed in, the verification link, two-factor. The page model (accounts/account-page.server.ts)
// reads the page and runs each form's change; the route checks the viewer and renders.
import { useState } from "react";
import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/account";
import { SubmitButton, TextField } from "../components/ui/FormFields";
import { accountAction, accountPage, type Intent } from "../features/accounts/account-page.server";
import { NewPasswordFields } from "../features/accounts/components/NewPasswordFields";
import { Outcome } from "../features/accounts/components/Outcome";
import { TwoFactorSection } from "../features/accounts/components/TwoFactorSection";
import type { TwoFactorSetup } from "../features/accounts/two-factor.server";
import { describeAgent } from "../features/accounts/user-agent";
import { servicesContext } from "../lib/context";
import { formatLongDate } from "../lib/dates";
import { useLanguage } from "../lib/i18n/use-language";
import { accountPath } from "../lib/paths";
import { requireViewer } from "../lib/permissions.server";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";
import { alertsPath } from "../features/restaurants/alerts/paths";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  return {
    ...(await accountPage(context.get(servicesContext), requireViewer(request, context))),
    meta: simplePageMeta(
      { url, context },
      {
        title: "account.title",
        description: "account.title",
        path: (language) => accountPath(language),
        noindex: true,
      },
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(context.get(servicesContext), requireViewer(request, context), request);
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

const card = "rounded-2xl border border-stone-200 bg-white p-6 shadow-sm";

export default function Account({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const result = useActionData<typeof action>();
  const { profile, sessions, twoFactor } = loaderData;
  // The set-up shown after the password step stays on screen while codes are tried.
  const [shownSetup, setShownSetup] = useState<TwoFactorSetup | null>(null);
  const freshSetup = result?.ok && result.intent === "twoFactorSetup" ? (result.setup ?? null) : null;
  if (freshSetup && freshSetup !== shownSetup) setShownSetup(freshSetup);
  const failedField = (intent: Intent, field: string) =>
    result?.intent === intent && !result.ok && Boolean(result.errors?.[field]);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("account.title")}</h1>

      <section className={card} aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-xl font-semibold">
          {t("account.profile")}
        </h2>
        <p className="mt-2 text-sm text-stone-700">
          {/* The address is isolated (FSI…PDI): left to right inside a Hebrew line, whole and in order. */}
          <span>{t("account.emailLine", { email: `\u2068${profile.email}\u2069` })}</span>{" "}
          <span className={profile.emailVerified ? "font-medium text-brand-800" : "font-medium text-amber-800"}>
            ({profile.emailVerified ? t("account.verified") : t("account.notVerified")})
          </span>
          {" · "}
          {t("account.roleLine", { role: t(`role.${profile.role}`) })}
        </p>
        {profile.emailVerified ? null : (
          <Form method="post" className="mt-3 space-y-2">
            <Outcome result={result} intent="resendVerification" />
            <SubmitButton intent="resendVerification" busyLabel={t("account.resend")} variant="outline">
              {t("account.resend")}
            </SubmitButton>
          </Form>
        )}
        <Form method="post" className="mt-5 space-y-4" noValidate>
          <Outcome result={result} intent="profile" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("auth.firstName")}
              name="firstName"
              autoComplete="given-name"
              defaultValue={profile.firstName}
              invalid={failedField("profile", "firstName")}
            />
            <TextField
              label={t("auth.lastName")}
              name="lastName"
              autoComplete="family-name"
              defaultValue={profile.lastName}
              invalid={failedField("profile", "lastName")}
            />
          </div>
          <TextField
            label={t("auth.phone")}
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={profile.phone}
            invalid={failedField("profile", "phone")}
            dir="ltr"
          />
          <SubmitButton intent="profile" busyLabel={t("account.save")}>
            {t("account.save")}
          </SubmitButton>
        </Form>
      </section>

      <section className={card} aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="text-xl font-semibold">
          {t("alerts.title")}
        </h2>
        <p className="mt-2">
          <Link to={alertsPath(language)} className="font-medium text-brand-800 underline underline-offset-4">
            {t("alerts.accountLink")}
          </Link>
        </p>
      </section>

      <section className={card} aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-xl font-semibold">
          {t("account.changePassword")}
        </h2>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <Outcome result={result} intent="password" />
          <TextField
            label={t("account.currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            invalid={failedField("password", "currentPassword")}
            dir="ltr"
          />
          <NewPasswordFields label="reset.newPassword" invalid={(field) => failedField("password", field)} />
          <SubmitButton intent="password" busyLabel={t("account.changePassword")}>
            {t("account.changePassword")}
          </SubmitButton>
        </Form>
      </section>

      <TwoFactorSection
        state={twoFactor.state}
        required={twoFactor.required}
        setup={twoFactor.state === "on" ? null : (freshSetup ?? shownSetup)}
        result={result}
        className={card}
      />

      <section className={card} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          {t("account.sessions")}
        </h2>
        <ul className="mt-4 divide-y divide-stone-100" data-testid="sessions">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span dir="auto" className="max-w-md truncate">
                {session.userAgent ? describeAgent(session.userAgent) : t("account.unknownDevice")}
              </span>
              <span className="text-stone-600">
                {session.current ? (
                  <strong className="text-brand-800">{t("account.thisDevice")}</strong>
                ) : (
                  t("account.signedInOn", { date: formatLongDate(session.createdAt, language) })
                )}
              </span>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4 space-y-2">
          <Outcome result={result} intent="signOutOthers" />
          {sessions.length > 1 ? (
            <SubmitButton intent="signOutOthers" busyLabel={t("account.signOutOthers")}>
              {t("account.signOutOthers")}
            </SubmitButton>
          ) : null}
        </Form>
      </section>
    </div>
  );
}
