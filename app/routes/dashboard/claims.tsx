// /dashboard/claims and /he/dashboard/claims — the claims queue, admins only: each claim with the
// account, the listing, the role, the phone, the proof and the note; approve (one click, confirmed)
// or reject with a reason. The page model (claims/queue-page.server.ts) reads the page and the
// decisions; the domain function decides and e-mails the claimant in the claim's language. Every
// action checks permission itself (requirePermission, then the domain functions' own assertCan).
import type { Route } from "./+types/claims";
import { SelectField } from "../../components/ui/FormFields";
import { Pager } from "../../components/ui/Pager";
import { QueueEmpty, QueueFilters, QueuePage } from "../../components/ui/QueuePage";
import { ClaimCard } from "../../features/restaurants/claims/components/ClaimCard";
import { claimsQueueAction, claimsQueuePage } from "../../features/restaurants/claims/queue-page.server";
import { servicesContext } from "../../lib/context";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "claims:manage");
  return claimsQueuePage(context.get(servicesContext).db, viewer, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "claims:manage");
  return claimsQueueAction(context.get(servicesContext), viewer, request);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "claims.title");
}

export default function Claims({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { claims, total, page, pages, status, heldFileDays } = loaderData;
  const query = (changes: Record<string, string>) => `?${new URLSearchParams({ status, ...changes }).toString()}`;
  const failed = actionData && "error" in actionData ? actionData : undefined;
  return (
    <QueuePage id="claims-title" title={t("claims.title")}>
      <p className="mt-2 text-stone-700">{t("claims.intro")}</p>
      <QueueFilters submit={t("claims.filter")} count={t("claims.count", { count: total })} countTestId="claims-total">
        <SelectField label={t("claims.status")} name="status" id="claims-status" defaultValue={status}>
          {(["open", "approved", "rejected", "all"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`claims.status.${value}`)}
            </option>
          ))}
        </SelectField>
      </QueueFilters>
      {claims.length === 0 ? (
        <QueueEmpty>{t("claims.none")}</QueueEmpty>
      ) : (
        <ul className="mt-4 space-y-3">
          {claims.map((claim) => (
            <ClaimCard
              key={claim.id}
              heldFileDays={heldFileDays}
              claim={claim}
              error={failed?.claimId === claim.id ? failed.error : undefined}
              reasonError={failed?.claimId === claim.id ? failed.errors?.reason : undefined}
              reason={failed?.claimId === claim.id ? failed.reason : ""}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(n: number) => query({ page: String(n) })} />
    </QueuePage>
  );
}
