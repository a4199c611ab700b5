import { Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { TextField, SubmitButton } from "../components/ui/FormFields";
import { signIn } from "../features/accounts/accounts.server";
import { roleOf } from "../features/accounts/users.server";
import { AuthCard } from "../features/accounts/components/AuthCard";
import { FailureAlert } from "../features/accounts/components/FailureAlert";
import { readString } from "../features/accounts/validation";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { detectLanguage } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import {
  dashboardPath,
  forgotPasswordPath,
  homePath,
  loginPath,
  safeReturnPath,
  signupPath,
  twoFactorLoginPath,
} from "../lib/paths";
import { viewerContext } from "../lib/session.server";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";
import { readFormData } from "../lib/form-data.server";

export function loader({ context, url }: Route.LoaderArgs) {
  // Spec: a signed-in user opening the login page goes to the dashboard (or where it was sent from).
  const returnTo = safeReturnPath(url.searchParams.get("next"));
  if (context.get(viewerContext)) throw redirect(returnTo ?? dashboardPath(detectLanguage(url.pathname)));
  // The way back, cleaned here on the server: the page's "Sign up" link keeps it.
  return {
    returnTo: returnTo ?? null,
    meta: simplePageMeta({ url, context }, { title: "login.title", path: loginPath }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const language = detectLanguage(new URL(request.url).pathname);
  const form = await readFormData(request);
  const email = readString(form, "email").trim().toLowerCase();
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await signIn(services, request, email, readString(form, "password"));
  } catch (error) {
    return actionError(error, { log: "[accounts] sign-in failed:", with: { email } });
  }
  // Back where the login was asked from (the claim page), if it is one of our pages.
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("next"));
  // Two-factor accounts: the password was right; the code comes next (no session yet), with the way back.
  if (result.twoFactorRequired) throw redirect(twoFactorLoginPath(language, returnTo), { headers: result.headers });
  if (returnTo) throw redirect(returnTo, { headers: result.headers });
  // Admins and owners land on their dashboard; guests, who have none, on the home page.
  const role = await roleOf(services.db, result.userId);
  throw redirect(can({ role }, "dashboard:enter") ? dashboardPath(language) : homePath(language), {
    headers: result.headers,
  });
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const failure = actionData;
  // Sent here by Save without JavaScript (a visitor's places are kept by the browser).
  const [params] = useSearchParams();
  return (
    <AuthCard title={t("login.title")}>
      <Form method="post" className="space-y-4" noValidate>
        {params.get("reason") === "save" ? (
          <p
            role="status"
            className="rounded-lg border border-brand-700 bg-brand-50 px-3 py-2 text-stone-900"
            data-testid="login-reason"
          >
            {t("saved.signIn")}
          </p>
        ) : null}
        {failure ? <FailureAlert failure={failure} /> : null}
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email ?? ""}
          invalid={Boolean(failure?.errors?.email)}
          dir="ltr"
        />
        <TextField
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          invalid={Boolean(failure?.errors?.password)}
          dir="ltr"
        />
        <SubmitButton busyLabel={t("login.submitting")} className="w-full">
          {t("login.submit")}
        </SubmitButton>
      </Form>
      <div className="mt-6 space-y-2 text-sm text-stone-700">
        <p>
          <Link to={forgotPasswordPath(language)} className="font-medium text-brand-800 underline underline-offset-4">
            {t("login.forgot")}
          </Link>
        </p>
        <p>
          {t("login.noAccount")}{" "}
          <Link
            to={signupPath(language, loaderData.returnTo ?? undefined)}
            className="font-medium text-brand-800 underline underline-offset-4"
          >
            {t("login.signupLink")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
