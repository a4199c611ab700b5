// /dashboard/statistics/csv — the statistics page's days as a CSV file (ADR 025), for the same
// viewers and with the same checks as the page.
import type { Route } from "./+types/statistics-csv";
import { statisticsCsv } from "../../features/restaurants/statistics/report.server";
import { statisticsOfRequest } from "./statistics-request.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { period, today, report } = await statisticsOfRequest(request, context);
  // A header holds only ASCII: a slug in other letters is named by its listing's id.
  const name =
    report.kind === "listing"
      ? /^[a-z0-9-]+$/.test(report.listing.slug)
        ? report.listing.slug
        : report.listing.id
      : report.site
        ? "site"
        : "my-listings";
  return new Response(statisticsCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistics-${name}-${period}-days-${today}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
