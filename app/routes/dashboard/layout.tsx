import { isRouteErrorResponse, Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { useLanguage } from "../../lib/i18n/use-language";
import { can } from "../../lib/permissions";
import { requireDashboard } from "../../lib/permissions.server";
import { dashboardPath, dashboardReportsPath, dashboardSuggestionsPath, dashboardUsersPath } from "../../lib/paths";
import { countOpenReports } from "../../features/reports/queue.server";
import { countOpenSuggestions } from "../../features/restaurants/suggestions/suggestions.server";
import { servicesContext } from "../../lib/context";
import { cn } from "../../lib/cn";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  const db = context.get(servicesContext).db;
  return {
    canManageUsers: can(viewer, "users:manage"),
    openReports: await countOpenReports(db, viewer),
    // Issue 29: admins' queue of suggested restaurants.
    suggestions: can(viewer, "suggestions:manage") ? { open: await countOpenSuggestions(db, viewer) } : null,
  };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

function DashboardNav({ canManageUsers, openReports, suggestions }: { canManageUsers: boolean; openReports: number; suggestions: { open: number } | null }) {
  const { language, t } = useLanguage();
  const link = ({ isActive }: { isActive: boolean }) =>
    cn("rounded-md px-3 py-2 text-sm font-medium", isActive ? "bg-brand-100 text-brand-900" : "text-stone-700 hover:bg-stone-100");
  return (
    <nav aria-label={t("nav.dashboard")} className="flex flex-wrap gap-1 border-b border-stone-200 pb-3">
      <NavLink to={dashboardPath(language)} end className={link}>
        {t("dashboard.title")}
      </NavLink>
      <NavLink to={dashboardReportsPath(language)} className={(state) => cn(link(state), "inline-flex items-center gap-2")}>
        {t("reports.nav")}
        {openReports > 0 ? (
          <>
            <span aria-hidden="true" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white tabular-nums" data-testid="open-reports">
              {openReports}
            </span>
            <span className="sr-only">{t("reports.openCount", { count: openReports })}</span>
          </>
        ) : null}
      </NavLink>
      {suggestions ? (
        <NavLink to={dashboardSuggestionsPath(language)} className={(state) => cn(link(state), "inline-flex items-center gap-2")}>
          {t("suggestions.nav")}
          {suggestions.open > 0 ? (
            <>
              <span aria-hidden="true" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white tabular-nums" data-testid="open-suggestions">
                {suggestions.open}
              </span>
              <span className="sr-only">{t("suggestions.openCount", { count: suggestions.open })}</span>
            </>
          ) : null}
        </NavLink>
      ) : null}
      {canManageUsers ? (
        <NavLink to={dashboardUsersPath(language)} className={link}>
          {t("dashboard.users")}
        </NavLink>
      ) : null}
    </nav>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DashboardNav canManageUsers={loaderData.canManageUsers} openReports={loaderData.openReports} suggestions={loaderData.suggestions} />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

/** Admin-only pages answer others with 403 and the spec's text. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { language, t } = useLanguage();
  const denied = isRouteErrorResponse(error) && error.status === 403;
  // A 4xx thrown on purpose (403, 405 for a post to a page without an action) is not a fault to log.
  if (!(isRouteErrorResponse(error) && error.status < 500)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{denied ? t("access.denied") : t("error.title")}</h1>
      {denied ? null : <p className="mt-3 text-stone-700">{t("error.body")}</p>}
      <Link to={dashboardPath(language)} className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
        {t("access.backToDashboard")}
      </Link>
    </div>
  );
}
