import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { NavLink } from "../../components/ui/NavLink";
import type { Route } from "./+types/layout";
import { useLanguage } from "../../lib/i18n/use-language";
import { can } from "../../lib/permissions";
import { requireDashboard } from "../../lib/permissions.server";
import { dashboardClaimsPath, dashboardPath } from "../../lib/paths";
import {
  dashboardCertificatesPath,
  dashboardReportsPath,
  dashboardReviewsPath,
  dashboardSuggestionsPath,
  dashboardUsersPath,
} from "../../lib/member-paths";
import { countOpenReports } from "../../features/reports/queue.server";
import { dashboardStatisticsPath } from "../../features/restaurants/statistics/paths";
import { countOpenSuggestions } from "../../features/restaurants/suggestions/suggestions.server";
import { countOpenClaims } from "../../features/restaurants/claims/queue.server";
import { countDisagreements } from "../../features/restaurants/editing/disagreements.server";
import { countReviewsToModerate } from "../../features/restaurants/reviews/index.server";
import { servicesContext } from "../../lib/context";
import { localizePath } from "../../lib/i18n/language";
import { PhoneMenu, QueueLink, navLinkClass as linkClass } from "../../components/layout/DashboardMenu";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  const { db } = context.get(servicesContext);
  return {
    canManageUsers: can(viewer, "users:manage"),
    openReports: await countOpenReports(db, viewer),
    // The admins' queues (owners see nothing of suggestions and claims) and certificates list.
    openSuggestions: can(viewer, "suggestions:manage") ? await countOpenSuggestions(db, viewer) : null,
    openClaims: can(viewer, "claims:manage") ? await countOpenClaims(db, viewer) : null,
    // Reviews held, reported or asked a second look at (admins decide them).
    openReviews: can(viewer, "reviews:moderate") ? await countReviewsToModerate(db, viewer) : null,
    canReviewCertificates: can(viewer, "certificates:review"),
    // Listings whose kashrut value and certificate disagreed (admins settle them).
    openDisagreements: can(viewer, "register:manage") ? await countDisagreements(db, viewer) : null,
    canManageRegister: can(viewer, "register:manage"),
  };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

function DashboardNav(links: Route.ComponentProps["loaderData"]) {
  const { t } = useLanguage();
  const { openReports, openSuggestions, openClaims, openReviews } = links;
  const waiting = [openReports, openSuggestions, openClaims, openReviews].reduce<number>((sum, n) => sum + (n ?? 0), 0);
  return (
    <PhoneMenu label={t("dashboard.menu")} waiting={waiting}>
      <DashboardLinks {...links} />
    </PhoneMenu>
  );
}

function DashboardLinks({
  canManageUsers,
  openReports,
  openSuggestions,
  openClaims,
  openReviews,
  canReviewCertificates,
  openDisagreements,
  canManageRegister,
}: Route.ComponentProps["loaderData"]) {
  const { language, t } = useLanguage();
  return (
    <nav aria-label={t("nav.dashboard")} className="flex flex-wrap gap-1 pt-1">
      <NavLink to={dashboardPath(language)} end className={linkClass}>
        {t("dashboard.title")}
      </NavLink>
      <NavLink to={dashboardStatisticsPath(language)} className={linkClass}>
        {t("statistics.nav")}
      </NavLink>
      <QueueLink
        to={dashboardReportsPath(language)}
        label="reports.nav"
        open={openReports}
        openCount="reports.openCount"
        testId="open-reports"
      />
      {openSuggestions !== null ? (
        <QueueLink
          to={dashboardSuggestionsPath(language)}
          label="suggestions.nav"
          open={openSuggestions}
          openCount="suggestions.openCount"
          testId="open-suggestions"
        />
      ) : null}
      {openClaims !== null ? (
        <QueueLink
          to={dashboardClaimsPath(language)}
          label="claims.nav"
          open={openClaims}
          openCount="claims.openCount"
          testId="open-claims"
        />
      ) : null}
      {openReviews !== null ? (
        <QueueLink
          to={dashboardReviewsPath(language)}
          label="reviewQueue.nav"
          open={openReviews}
          openCount="reviewQueue.openCount"
          testId="open-reviews"
        />
      ) : null}
      {canReviewCertificates ? (
        <NavLink to={dashboardCertificatesPath(language)} className={linkClass}>
          {t("certificates.nav")}
        </NavLink>
      ) : null}
      {canManageRegister ? (
        <NavLink to={localizePath("/dashboard/register", language)} className={linkClass}>
          {t("register.nav")}
        </NavLink>
      ) : null}
      {openDisagreements !== null ? (
        <QueueLink
          to={localizePath("/dashboard/kashrut", language)}
          label="kashrutModel.nav"
          open={openDisagreements}
          openCount="kashrutModel.openCount"
          testId="open-disagreements"
        />
      ) : null}
      {/* The searches that found nothing (the suggestions queue's admins). */}
      {openSuggestions !== null ? (
        <NavLink to={localizePath("/dashboard/searches", language)} className={linkClass}>
          {t("misses.nav")}
        </NavLink>
      ) : null}
      {canManageUsers ? (
        <NavLink to={dashboardUsersPath(language)} className={linkClass}>
          {t("dashboard.users")}
        </NavLink>
      ) : null}
    </nav>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <DashboardNav {...loaderData} />
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
      <Link
        to={dashboardPath(language)}
        className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
      >
        {t("access.backToDashboard")}
      </Link>
    </div>
  );
}
