// /dashboard/reports and /he/dashboard/reports — the problem reports queue. Admins see every report
// and act on them; linked owners read those on their restaurants; the dashboard's rule for everyone
// else. The page model (reports/queue-page.server.ts) reads the page and the actions; the domain
// function changes the report (and the listing) and replies to the reporter. Every action checks
// permission itself (requirePermission, then the domain functions' own assertCan).
import type { Route } from "./+types/reports";
import { REPORT_REASONS } from "../../../database/reports";
import { SelectField } from "../../components/ui/FormFields";
import { Pager } from "../../components/ui/Pager";
import { QueueEmpty, QueueFilters, QueuePage } from "../../components/ui/QueuePage";
import { ReportCard } from "../../features/reports/components/ReportCard";
import type { ListingChanges } from "../../features/reports/decisions.server";
import { reportsQueueAction, reportsQueuePage } from "../../features/reports/queue-page.server";
import { setPermanentlyClosed, setVerificationDate } from "../../features/restaurants/editing/manage.server";
import { servicesContext } from "../../lib/context";
import { telAvivDay } from "../../lib/dates";
import { useLanguage } from "../../lib/i18n/use-language";
import { requireDashboard, requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  return reportsQueuePage(context.get(servicesContext).db, viewer, request);
}

/** The queue's one-click listing changes, through the restaurants feature's normal change path. */
const LISTING_CHANGES: ListingChanges = {
  markClosed: (db, actor, restaurantId) => setPermanentlyClosed(db, actor, restaurantId, true),
  verifyToday: (db, actor, restaurantId) => setVerificationDate(db, actor, restaurantId, telAvivDay(new Date())),
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "reports:manage");
  return reportsQueueAction(context.get(servicesContext), viewer, request, LISTING_CHANGES);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "reports.title");
}

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { reports, total, page, pages, status, reason, canManage } = loaderData;
  const query = (changes: Record<string, string>) =>
    `?${new URLSearchParams({ status, ...(reason === "all" ? {} : { reason }), ...changes }).toString()}`;
  return (
    <QueuePage id="reports-title" title={t("reports.title")}>
      {canManage ? null : <p className="mt-2 text-stone-700">{t("reports.readOnly")}</p>}
      <QueueFilters
        submit={t("reports.filter")}
        count={t("reports.count", { count: total })}
        countTestId="reports-total"
      >
        <SelectField label={t("reports.status")} name="status" id="reports-status" defaultValue={status}>
          {(["open", "resolved", "dismissed", "all"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`reports.status.${value}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("reports.reason")} name="reason" id="reports-reason" defaultValue={reason}>
          <option value="all">{t("reports.reason.all")}</option>
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`report.reason.${value}`)}
            </option>
          ))}
        </SelectField>
      </QueueFilters>
      {reports.length === 0 ? (
        <QueueEmpty>{t("reports.none")}</QueueEmpty>
      ) : (
        <ul className="mt-4 space-y-3">
          {reports.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              canManage={canManage}
              error={
                actionData && "error" in actionData && actionData.reportId === report.id ? actionData.error : undefined
              }
              confirmClose={
                actionData && "confirmClose" in actionData && actionData.confirmClose.reportId === report.id
                  ? actionData.confirmClose
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(n: number) => query({ page: String(n) })} />
    </QueuePage>
  );
}
