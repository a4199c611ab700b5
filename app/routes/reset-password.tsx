import { Form, Link, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/reset-password";
import { FormAlert, SubmitButton } from "../components/ui/FormFields";
import { resetPassword } from "../features/accounts/accounts.server";
import { AuthCard } from "../features/accounts/components/AuthCard";
import { FailureAlert } from "../features/accounts/components/FailureAlert";
import { NewPasswordFields } from "../features/accounts/components/NewPasswordFields";
import { readString } from "../features/accounts/validation";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { useLanguage } from "../lib/i18n/use-language";
import { loginPath, resetPasswordPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";
import { readFormData } from "../lib/form-data.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  try {
    await resetPassword(
      context.get(servicesContext),
      readString(form, "token"),
      readString(form, "password"),
      readString(form, "confirmPassword"),
    );
  } catch (error) {
    return actionError(error, { log: "[accounts] password reset failed:", with: { done: false as const } });
  }
  return { done: true as const };
}

export function loader({ context, url }: Route.LoaderArgs) {
  return {
    meta: simplePageMeta(
      { url, context },
      {
        title: "reset.title",
        description: "reset.title",
        path: (language) => resetPasswordPath(language),
        noindex: true,
      },
    ),
  };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function ResetPassword() {
  const { language, t } = useLanguage();
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const token = params.get("token") ?? "";
  const failure = actionData?.done === false ? actionData : undefined;
  if (actionData?.done) {
    return (
      <AuthCard title={t("reset.title")}>
        <FormAlert tone="success">
          {t("reset.done")}{" "}
          <Link to={loginPath(language)} className="font-medium underline underline-offset-4">
            {t("signup.loginLink")}
          </Link>
        </FormAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")}>
      {token === "" ? (
        <FormAlert>{t("reset.invalidToken")}</FormAlert>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          {failure ? <FailureAlert failure={failure} /> : null}
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields
            label="reset.newPassword"
            invalid={(field) => Boolean(failure?.errors?.[field])}
            required
          />
          <SubmitButton busyLabel={t("reset.submit")} className="w-full">
            {t("reset.submit")}
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
