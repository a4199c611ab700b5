import type { Route } from "./+types/sitemap-xml";
import { loadSitemapXml } from "../features/sitemap/queries.server";
import { xmlResponse } from "../features/sitemap/xml-response";
import { servicesContext } from "../lib/context";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  return xmlResponse(await loadSitemapXml(db, settings.publicUrl));
}
