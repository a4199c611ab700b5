// What the statistics page and its CSV both read from a request (ADR 025): the viewer (dashboard
// only), the period and listing asked for, and the report for them on the services' day in Tel Aviv.
import type { RouterContextProvider } from "react-router";
import { periodFrom } from "../../components/ui/PeriodLinks";
import { PERIODS } from "../../features/restaurants/statistics/periods";
import { statisticsReport } from "../../features/restaurants/statistics/report.server";
import { loaderError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { telAvivDay } from "../../lib/dates";
import { requireDashboard } from "../../lib/permissions.server";

export async function statisticsOfRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const viewer = await requireDashboard(request, context);
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const period = periodFrom(params.get("days"), PERIODS);
  const today = telAvivDay(services.now?.() ?? new Date());
  const report = await statisticsReport(services.db, viewer, {
    period,
    restaurantId: params.get("restaurant"),
    today,
  }).catch(loaderError);
  return { period, today, report };
}
