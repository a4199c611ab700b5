import { Form, useActionData } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormAlert, SubmitButton, TextField } from "../components/ui/FormFields";
import { requestPasswordReset } from "../features/accounts/accounts.server";
import { AuthCard } from "../features/accounts/components/AuthCard";
import { FailureAlert } from "../features/accounts/components/FailureAlert";
import { readString } from "../features/accounts/validation";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { useLanguage } from "../lib/i18n/use-language";
import { forgotPasswordPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";
import { simplePageMeta } from "../lib/seo.server";
import { readFormData } from "../lib/form-data.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  try {
    await requestPasswordReset(context.get(servicesContext), readString(form, "email"));
  } catch (error) {
    return actionError(error, { log: "[accounts] password reset request failed:", with: { sent: false as const } });
  }
  return { sent: true as const };
}

export function loader({ context, url }: Route.LoaderArgs) {
  return {
    meta: simplePageMeta(
      { url, context },
      { title: "forgot.title", description: "forgot.intro", path: forgotPasswordPath, noindex: true },
    ),
  };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function ForgotPassword() {
  const { t } = useLanguage();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title={t("forgot.title")}>
      {actionData?.sent ? (
        <FormAlert tone="success">{t("forgot.sent")}</FormAlert>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <p className="text-stone-700">{t("forgot.intro")}</p>
          {actionData?.sent === false ? <FailureAlert failure={actionData} /> : null}
          <TextField label={t("auth.email")} name="email" type="email" autoComplete="email" required dir="ltr" />
          <SubmitButton busyLabel={t("forgot.submit")} className="w-full">
            {t("forgot.submit")}
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
