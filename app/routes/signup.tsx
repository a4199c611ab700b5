import { useEffect } from "react";
import { Form, Link, redirect, useActionData, useNavigate } from "react-router";
import type { Route } from "./+types/signup";
import { FormAlert, RequiredNote, SubmitButton, TextField } from "../components/ui/FormFields";
import { signUp } from "../features/accounts/accounts.server";
import { AuthCard } from "../features/accounts/components/AuthCard";
import { FailureAlert } from "../features/accounts/components/FailureAlert";
import { NewPasswordFields } from "../features/accounts/components/NewPasswordFields";
import { readSignup } from "../features/accounts/validation";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { detectLanguage } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { useFocusFirstInvalid } from "../lib/use-focus-first-invalid";
import { dashboardPath, homePath, loginPath, safeReturnPath, signupPath } from "../lib/paths";
import { viewerContext } from "../lib/session.server";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";
import { readFormData } from "../lib/form-data.server";

export const SIGNUP_REDIRECT_MS = 3_000;

export function loader({ context, url }: Route.LoaderArgs) {
  // A signed-in user goes where the sign-up was asked from (a page of this site), or the dashboard.
  const returnTo = safeReturnPath(url.searchParams.get("next"));
  if (context.get(viewerContext)) throw redirect(returnTo ?? dashboardPath(detectLanguage(url.pathname)));
  // The way back, cleaned here on the server: the page's log-in links keep it.
  return {
    returnTo: returnTo ?? null,
    meta: simplePageMeta(
      { url, context },
      { title: "signup.title", description: "signup.guestNotice", path: signupPath },
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const values = readSignup(await readFormData(request));
  // The verification e-mail's link leads back to where the person was going (or this language's home page).
  const returnTo = safeReturnPath(url.searchParams.get("next")) ?? homePath(detectLanguage(url.pathname));
  try {
    await signUp(context.get(servicesContext), values, returnTo);
  } catch (error) {
    const { password: _password, confirmPassword: _confirm, ...kept } = values;
    return actionError(error, { log: "[accounts] sign-up failed:", with: { ok: false as const, values: kept } });
  }
  return { ok: true as const };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  // Where the person was going (the claim page): kept through the form, its errors and log-in.
  const login = loginPath(language, loaderData.returnTo ?? undefined);
  const succeeded = actionData?.ok === true;
  // A refused form takes the person to its first field in error (the phone's may be off-screen).
  const { ref: formRef, focusFirstInvalidLater } = useFocusFirstInvalid<HTMLFormElement>();
  useEffect(() => {
    if (actionData?.ok === false) focusFirstInvalidLater();
  }, [actionData, focusFirstInvalidLater]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate(login), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate, login]);

  if (succeeded) {
    return (
      <AuthCard title={t("signup.title")}>
        <FormAlert tone="success">
          <p className="font-semibold">{t("signup.success")}</p>
          <p className="mt-2">
            {t("signup.redirecting")}{" "}
            <Link to={login} className="font-medium underline underline-offset-4">
              {t("signup.loginLink")}
            </Link>
          </p>
        </FormAlert>
      </AuthCard>
    );
  }

  const failure = actionData?.ok === false ? actionData : undefined;
  const values = actionData?.ok === false ? actionData.values : undefined;
  /** Each field's message beside it (the server answers every field in error at once). */
  const errorOf = (field: string): string | undefined => {
    const key = failure?.errors?.[field];
    return key ? t(key) : undefined;
  };
  return (
    <AuthCard title={t("signup.title")}>
      <p className="mb-5 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t("signup.guestNotice")}</p>
      <Form method="post" className="space-y-4" noValidate ref={formRef}>
        {failure ? <FailureAlert failure={failure} /> : null}
        <RequiredNote>{t("signup.requiredNote")}</RequiredNote>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("auth.firstName")}
            name="firstName"
            autoComplete="given-name"
            defaultValue={values?.firstName}
            error={errorOf("firstName")}
            required
          />
          <TextField
            label={t("auth.lastName")}
            name="lastName"
            autoComplete="family-name"
            defaultValue={values?.lastName}
            error={errorOf("lastName")}
            required
          />
        </div>
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errorOf("email")}
          dir="ltr"
        />
        <TextField
          label={t("auth.phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder={t("auth.phonePlaceholder")}
          defaultValue={values?.phone}
          error={errorOf("phone")}
          required
          dir="ltr"
        />
        <NewPasswordFields
          label="auth.password"
          invalid={(field) => Boolean(failure?.errors?.[field])}
          error={errorOf}
          required
        />
        <SubmitButton busyLabel={t("signup.submitting")} className="w-full">
          {t("signup.submit")}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-stone-700">
        {t("signup.haveAccount")}{" "}
        <Link to={login} className="font-medium text-brand-800 underline underline-offset-4">
          {t("signup.loginLink")}
        </Link>
      </p>
    </AuthCard>
  );
}
