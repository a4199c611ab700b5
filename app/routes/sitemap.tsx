import type { Route } from "./+types/sitemap";
import { loadSitemapPage } from "../features/sitemap/queries.server";
import { sitemapPageMeta } from "../features/sitemap/meta.server";
import { Pager } from "../components/ui/Pager";
import { servicesContext } from "../lib/context";
import { useLanguage } from "../lib/i18n/use-language";
import { sitemapPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  // A page at a time (SITEMAP_PAGE_ROWS rows): a directory of 100,000 is 200,000 rows.
  const found = await loadSitemapPage(db, Number(url.searchParams.get("page") ?? 1));
  return { ...found, meta: sitemapPageMeta({ url, context }, found) };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const { t, language } = useLanguage();
  const { page, pages } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{t("sitemap.title")}</h1>
      <div className="relative mt-6 overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-start text-sm">
          <thead className="bg-stone-100 text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("sitemap.url")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("sitemap.lastModified")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("sitemap.changeFrequency")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("sitemap.priority")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.rows.map((row) => (
              <tr key={row.path} className="border-t border-stone-100">
                <td className="px-3 py-1.5">
                  <a href={row.path} className="text-brand-800 underline-offset-4 hover:underline" dir="ltr">
                    {row.path}
                  </a>
                </td>
                <td className="px-3 py-1.5 tabular-nums">{row.lastModified}</td>
                <td className="px-3 py-1.5">{row.changeFrequency}</td>
                <td className="px-3 py-1.5 tabular-nums">{row.priority.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pages={pages}
        href={(to) => (to > 1 ? `${sitemapPath(language)}?page=${to}` : sitemapPath(language))}
      />
    </div>
  );
}
