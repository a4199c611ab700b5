// /dashboard/statistics/csv — the statistics page's days as a CSV file (issue 31), for the same
// viewers and with the same checks as the page.
import type { Route } from "./+types/statistics-csv";
import { PERIODS } from "../../features/restaurants/statistics/periods";
import { periodFrom } from "../../components/ui/PeriodLinks";
import { statisticsCsv, statisticsReport } from "../../features/restaurants/statistics/report.server";
import { loaderError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { telAvivDay } from "../../lib/dates";
import { requireDashboard } from "../../lib/permissions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  const params = new URL(request.url).searchParams;
  const period = periodFrom(params.get("days"), PERIODS);
  const today = telAvivDay(new Date());
  const report = await statisticsReport(context.get(servicesContext).db, viewer, { period, restaurantId: params.get("restaurant"), today }).catch(loaderError);
  // A header holds only ASCII: a slug in other letters is named by its listing's id.
  const name =
    report.kind === "listing" ? (/^[a-z0-9-]+$/.test(report.listing.slug) ? report.listing.slug : report.listing.id) : report.site ? "site" : "my-listings";
  return new Response(statisticsCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistics-${name}-${period}-days-${today}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
