// /dashboard/statistics and /he/dashboard/statistics — how listings are seen (ADR 025): page views
// and taps on their links per day for the last 30 or 90 days, as a chart, a table and a CSV file.
// Owners see their listings; administrators every listing and the site's totals. Links and a GET
// form only: works without JavaScript.
import { Link } from "react-router";
import type { Route } from "./+types/statistics";
import {
  CountCells,
  CountHeaders,
  CountsTable,
  COUNT_LABEL,
} from "../../features/restaurants/statistics/components/CountsTable";
import { DailyChart } from "../../features/restaurants/statistics/components/DailyChart";
import { COUNTS } from "../../features/restaurants/statistics/kinds";
import { PERIODS } from "../../features/restaurants/statistics/periods";
import { PeriodLinks } from "../../components/ui/PeriodLinks";
import type { ListingReport, OverviewReport } from "../../features/restaurants/statistics/report.server";
import { statisticsOfRequest } from "./statistics-request.server";
import { localized } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { restaurantPath } from "../../lib/paths";
import { dashboardStatisticsCsvPath, dashboardStatisticsPath } from "../../features/restaurants/statistics/paths";
import { noindexPageMeta } from "../../lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { period, report } = await statisticsOfRequest(request, context);
  return { period, report };
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "statistics.title");
}

const link = "text-brand-800 underline underline-offset-4";

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const { period, report } = loaderData;
  const restaurant = report.kind === "listing" ? report.listing.id : undefined;
  const title =
    report.kind === "listing"
      ? localized(report.listing.name, language)
      : t(report.site ? "statistics.site" : "statistics.yours");
  return (
    <section aria-labelledby="statistics-title">
      <p className="text-sm font-semibold text-stone-600">{t("statistics.title")}</p>
      <h1 id="statistics-title" className="text-2xl font-extrabold">
        <bdi>{title}</bdi>
      </h1>
      <p className="mt-2 max-w-prose text-stone-700">{t("statistics.intro")}</p>
      <PeriodLinks
        label={t("statistics.period")}
        periods={PERIODS}
        current={period}
        href={(days) => dashboardStatisticsPath(language, { ...(restaurant ? { restaurant } : {}), days })}
      >
        {(days) => t("statistics.lastDays", { days })}
      </PeriodLinks>
      <p className="mt-3 text-sm">
        <a
          href={dashboardStatisticsCsvPath(language, { ...(restaurant ? { restaurant } : {}), days: period })}
          className={link}
          download
        >
          {t("statistics.download")}
        </a>
      </p>
      <Totals totals={report.totals} />
      <DailyChart days={report.days} tableId="statistics-days" />
      <CountsTable id="statistics-days" days={report.days} totals={report.totals} />
      {report.kind === "listing" ? (
        <ListingLinks report={report} period={period} />
      ) : (
        <Listings report={report} period={period} />
      )}
    </section>
  );
}

function Totals({ totals }: { totals: ListingReport["totals"] }) {
  const { language, t } = useLanguage();
  const number = new Intl.NumberFormat(language === "he" ? "he-IL" : "en-US");
  return (
    <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" data-testid="statistics-totals">
      {COUNTS.map((count) => (
        <div key={count} className="rounded-lg border border-stone-200 bg-white px-3 py-2">
          <dt className="text-xs font-medium text-stone-600">{t(COUNT_LABEL[count])}</dt>
          <dd className="text-xl font-bold tabular-nums">{number.format(totals[count])}</dd>
        </div>
      ))}
    </dl>
  );
}

function ListingLinks({ report, period }: { report: ListingReport; period: number }) {
  const { language, t } = useLanguage();
  return (
    <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
      <Link to={restaurantPath(report.listing.slug, language)} className={link}>
        {t("reports.viewListing")}
      </Link>
      {report.more ? (
        <Link to={dashboardStatisticsPath(language, { days: period })} className={link}>
          {t("statistics.all")}
        </Link>
      ) : null}
    </p>
  );
}

function Listings({ report, period }: { report: OverviewReport; period: number }) {
  const { language, t } = useLanguage();
  if (report.listingCount === 0) return <p className="mt-6 text-stone-700">{t("statistics.noListings")}</p>;
  return (
    <div
      className="mt-6 overflow-x-auto rounded-lg border border-stone-200 bg-white"
      tabIndex={0}
      role="region"
      aria-labelledby="statistics-listings-caption"
    >
      <table className="w-full text-sm" data-testid="statistics-listings">
        <caption id="statistics-listings-caption" className="px-3 py-2 text-start font-semibold">
          {report.listings.length < report.listingCount
            ? t("statistics.listingsTop", { count: report.listings.length })
            : t("statistics.listings")}
        </caption>
        <thead className="bg-stone-100">
          <tr>
            <th scope="col" className="px-3 py-2 text-start">
              {t("statistics.listing")}
            </th>
            <CountHeaders />
          </tr>
        </thead>
        <tbody>
          {report.listings.map((listing) => (
            <tr key={listing.id} className="border-t border-stone-100">
              <th scope="row" className="px-3 py-1.5 text-start font-normal">
                <Link to={dashboardStatisticsPath(language, { restaurant: listing.id, days: period })} className={link}>
                  <bdi>{localized(listing.name, language)}</bdi>
                </Link>
              </th>
              <CountCells counts={listing} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
