import type { Route } from "./+types/verify-email";
import { FormAlert } from "../components/ui/FormFields";
import { verifyEmail } from "../features/accounts/accounts.server";
import { AuthCard } from "../features/accounts/components/AuthCard";
import { servicesContext } from "../lib/context";
import { useLanguage } from "../lib/i18n/use-language";
import { noindexPageMeta } from "../lib/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { verified: await verifyEmail(context.get(servicesContext), token) };
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "verify.title");
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  return (
    <AuthCard title={t("verify.title")}>
      <FormAlert tone={loaderData.verified ? "success" : "error"}>{loaderData.verified ? t("verify.done") : t("verify.failed")}</FormAlert>
    </AuthCard>
  );
}
