import { Link } from "react-router";
import type { Route } from "./+types/verify-email";
import { FormAlert } from "../components/ui/FormFields";
import { verifyEmail } from "../features/accounts/accounts.server";
import { AuthCard } from "../features/accounts/components/AuthCard";
import { servicesContext } from "../lib/context";
import { detectLanguage } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { homePath, loginPath, safeReturnPath } from "../lib/paths";
import { viewerContext } from "../lib/session.server";
import { noindexPageMeta } from "../lib/meta";

export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const verified = await verifyEmail(context.get(servicesContext), token);
  // The page is no dead end: "Continue" goes where the person was going when signing up (the
  // link's `next`, cleaned), or home; someone not signed in logs in first and is sent on there.
  const returnTo = safeReturnPath(url.searchParams.get("next")) ?? homePath(detectLanguage(url.pathname));
  const next = context.get(viewerContext) ? returnTo : loginPath(detectLanguage(url.pathname), returnTo);
  return { verified, next };
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "verify.title");
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  return (
    <AuthCard title={t("verify.title")}>
      <FormAlert tone={loaderData.verified ? "success" : "error"}>
        {loaderData.verified ? t("verify.done") : t("verify.failed")}
      </FormAlert>
      <p className="mt-6">
        <Link
          to={loaderData.next}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          data-testid="verify-continue"
        >
          {t("verify.continue")}
        </Link>
      </p>
    </AuthCard>
  );
}
