import type { Route } from "./+types/sitemap";
import { loadSitemapRows } from "../features/sitemap/queries.server";
import { servicesContext } from "../lib/context";
import { useLanguage } from "../lib/i18n/use-language";
import { inBothLanguages, sitemapPath } from "../lib/paths";
import { brandName } from "../lib/i18n/brand";
import { detectLanguage } from "../lib/i18n/language";
import { pageMeta, publicUrlFrom } from "../lib/seo";
import { translator } from "../lib/i18n/messages";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  return { rows: await loadSitemapRows(db) };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language,
    title: `${t("sitemap.title")} | ${brandName(language)}`,
    description: t("sitemap.description"),
    path: sitemapPath(language),
    alternates: inBothLanguages(sitemapPath),
  });
}

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
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
    </div>
  );
}
