import type { Route } from "./+types/sitemap-xml";
import { loadSitemapRows } from "../features/sitemap/queries.server";
import { sitemapXml } from "../features/sitemap/rows";
import { servicesContext } from "../lib/context";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  return new Response(sitemapXml(await loadSitemapRows(db), settings.publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
