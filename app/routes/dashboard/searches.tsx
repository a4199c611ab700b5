// /dashboard/searches and /he/dashboard/searches — the home page's searches that found nothing,
// for admins (the suggestions queue's rule, `suggestions:manage`: what is missing from
// the directory is theirs to add). The top terms of the last 7 or 30 days (plain links: no
// JavaScript needed), counted more than once, each with the way to the suggestions queue and to a
// new listing. Terms are the visitors' own words, normalised: shown bidi-isolated.
import { Link } from "react-router";
import type { Route } from "./+types/searches";
import { QueuePage } from "../../components/ui/QueuePage";
import { ColumnHeader, DataTable } from "../../components/ui/DataTable";
import { PeriodLinks, periodFrom } from "../../components/ui/PeriodLinks";
import { topMisses } from "../../features/restaurants/search/misses.server";
import { servicesContext } from "../../lib/context";
import { telAvivDay } from "../../lib/dates";
import { localizePath } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { dashboardAddPath, dashboardSuggestionsPath } from "../../lib/member-paths";
import { noindexPageMeta } from "../../lib/meta";

/** The periods offered, in days up to today (the first is the default). */
const MISS_PERIODS = [7, 30] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "suggestions:manage");
  const services = context.get(servicesContext);
  const days = periodFrom(new URL(request.url).searchParams.get("days"), MISS_PERIODS);
  const today = telAvivDay(services.now?.() ?? new Date());
  return { days, misses: await topMisses(services.db, viewer, { days, today }) };
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "misses.title");
}

const linkClass = "text-brand-800 underline underline-offset-4";

export default function Searches({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const { days, misses } = loaderData;
  const here = localizePath("/dashboard/searches", language);
  return (
    <QueuePage id="misses-title" title={t("misses.title")}>
      <p className="mt-2 max-w-prose text-stone-700">{t("misses.intro")}</p>
      <PeriodLinks
        label={t("misses.period")}
        periods={MISS_PERIODS}
        current={days}
        href={(period) => `${here}?days=${period}`}
      >
        {(period) => t("misses.days", { days: period })}
      </PeriodLinks>
      {misses.length === 0 ? (
        <p className="mt-6 text-stone-700" data-testid="misses-none">
          {t("misses.none", { days })}
        </p>
      ) : (
        <DataTable
          testId="misses-table"
          caption={t("misses.caption", { days })}
          head={
            <>
              <ColumnHeader>{t("misses.term")}</ColumnHeader>
              <ColumnHeader end>{t("misses.count")}</ColumnHeader>
              <ColumnHeader>{t("misses.actions")}</ColumnHeader>
            </>
          }
        >
          {misses.map((miss) => (
            <tr key={miss.term} className="border-t border-stone-100" data-testid="miss-row">
              <th scope="row" className="px-3 py-2 text-start font-medium break-words">
                <bdi>{miss.term}</bdi>
              </th>
              <td className="px-3 py-2 text-end tabular-nums">{miss.count}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  <Link to={dashboardSuggestionsPath(language)} className={linkClass}>
                    {t("misses.suggestions")}
                    <span className="sr-only">
                      {" "}
                      (<bdi>{miss.term}</bdi>)
                    </span>
                  </Link>
                  <Link to={dashboardAddPath(language)} className={linkClass}>
                    {t("misses.add")}
                    <span className="sr-only">
                      {" "}
                      (<bdi>{miss.term}</bdi>)
                    </span>
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueuePage>
  );
}
