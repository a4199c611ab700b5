// The second sign-in step for accounts with two-factor authentication: after a correct password
// (which set better-auth's short-lived two_factor cookie), a code from the app or a backup code.
import { Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login-two-factor";
import { SubmitButton, TextField } from "../components/ui/FormFields";
import { roleOf } from "../features/accounts/users.server";
import { AuthCard } from "../features/accounts/components/AuthCard";
import { FailureAlert } from "../features/accounts/components/FailureAlert";
import { TotpCodeField } from "../features/accounts/components/TotpCodeField";
import { hasPendingSignIn, verifySignInCode, type SecondFactor } from "../features/accounts/two-factor.server";
import { readString } from "../features/accounts/validation";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { detectLanguage } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { dashboardPath, homePath, loginPath, safeReturnPath, twoFactorLoginPath } from "../lib/paths";
import { viewerContext } from "../lib/session.server";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";
import { readFormData } from "../lib/form-data.server";

/** The login page's way back, kept through this step (cleaned as there). */
const returnPathOf = (request: Request): string | undefined =>
  safeReturnPath(new URL(request.url).searchParams.get("next"));

export function loader({ request, context, url }: Route.LoaderArgs) {
  const language = detectLanguage(url.pathname);
  const returnTo = returnPathOf(request);
  if (context.get(viewerContext)) throw redirect(returnTo ?? dashboardPath(language));
  // Nothing to verify without a pending sign-in: start at the password.
  if (!hasPendingSignIn(request)) throw redirect(loginPath(language, returnTo));
  // Cleaned here on the server: the page's links keep it.
  return {
    returnTo: returnTo ?? null,
    meta: simplePageMeta(
      { url, context },
      { title: "twoFactor.loginTitle", description: "twoFactor.loginIntro", path: twoFactorLoginPath, noindex: true },
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const language = detectLanguage(new URL(request.url).pathname);
  if (context.get(viewerContext)) throw redirect(dashboardPath(language));
  const form = await readFormData(request);
  const method: SecondFactor = readString(form, "method") === "backup" ? "backup" : "totp";
  let result: Awaited<ReturnType<typeof verifySignInCode>>;
  try {
    result = await verifySignInCode(services, request, method, readString(form, "code"));
  } catch (error) {
    return actionError(error, { log: "[accounts] second sign-in step failed:", with: { method } });
  }
  // As after a password-only sign-in: back where the login was asked from, or admins and owners
  // to the dashboard, guests home.
  const returnTo = returnPathOf(request);
  if (returnTo) throw redirect(returnTo, { headers: result.headers });
  const role = await roleOf(services.db, result.userId);
  throw redirect(can({ role }, "dashboard:enter") ? dashboardPath(language) : homePath(language), {
    headers: result.headers,
  });
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function LoginTwoFactor({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const backup = searchParams.get("backup") === "1";
  const failure = actionData;
  const returnTo = loaderData.returnTo ?? undefined;
  const here = twoFactorLoginPath(language, returnTo);
  const expired = failure?.error === "twoFactor.expired" || failure?.error === "twoFactor.tooManyAttempts";
  return (
    <AuthCard title={t("twoFactor.loginTitle")}>
      <Form method="post" className="space-y-4" noValidate>
        {failure ? <FailureAlert failure={failure} /> : null}
        <p className="text-sm text-stone-700">{t(backup ? "twoFactor.backupLoginIntro" : "twoFactor.loginIntro")}</p>
        <input type="hidden" name="method" value={backup ? "backup" : "totp"} />
        {backup ? (
          <TextField
            key="backup"
            label={t("twoFactor.backupCode")}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            invalid={Boolean(failure?.errors?.code)}
            dir="ltr"
            inputClassName="font-mono"
          />
        ) : (
          <TotpCodeField key="totp" required autoFocus invalid={Boolean(failure?.errors?.code)} />
        )}
        <SubmitButton busyLabel={t("twoFactor.verifying")} className="w-full">
          {t("twoFactor.verify")}
        </SubmitButton>
      </Form>
      <div className="mt-6 space-y-2 text-sm text-stone-700">
        <p>
          <Link
            to={backup ? here : `${here}${returnTo ? "&" : "?"}backup=1`}
            className="font-medium text-brand-800 underline underline-offset-4"
          >
            {t(backup ? "twoFactor.useApp" : "twoFactor.useBackup")}
          </Link>
        </p>
        <p>
          <Link
            to={loginPath(language, returnTo)}
            className={
              expired
                ? "font-semibold text-brand-800 underline underline-offset-4"
                : "font-medium text-brand-800 underline underline-offset-4"
            }
          >
            {t("twoFactor.backToLogin")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
