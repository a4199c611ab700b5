// One file of a large directory's sitemap index (/sitemaps/pages.xml, /sitemaps/restaurants-N.xml).
import type { Route } from "./+types/sitemap-file";
import { loadSitemapFile } from "../features/sitemap/queries.server";
import { xmlResponse } from "../features/sitemap/xml-response";
import { servicesContext } from "../lib/context";
import { ERROR_STATUS } from "../lib/errors";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const name = /^([a-z0-9-]+)\.xml$/.exec(params.file)?.[1];
  const xml = name === undefined ? undefined : await loadSitemapFile(db, name, settings.publicUrl);
  // A file that is not there is a plain 404, as for any other missing file (never the app's page).
  if (xml === undefined)
    return new Response("Not found", {
      status: ERROR_STATUS.notFound,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return xmlResponse(xml);
}
