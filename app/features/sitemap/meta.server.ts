// The HTML sitemap's tags: its title names the page of the list shown after the first, and each page
// of the list is its own canonical address, in both languages.
import type { MetaDescriptor } from "react-router";
import { brandName } from "../../lib/i18n/brand";
import { translator } from "../../lib/i18n/messages";
import { sitemapPath } from "../../lib/paths";
import { pageMeta, pageSite, type PageRequest } from "../../lib/seo.server";

export function sitemapPageMeta(
  request: PageRequest,
  { page, pages }: { page: number; pages: number },
): MetaDescriptor[] {
  const { language, publicUrl } = pageSite(request);
  const t = translator(language);
  const paged = (path: string) => (page > 1 ? `${path}?page=${page}` : path);
  const title = page > 1 ? `${t("sitemap.title")} · ${t("pager.page", { page, pages })}` : t("sitemap.title");
  return pageMeta({
    publicUrl,
    language,
    title: `${title} | ${brandName(language)}`,
    description: t("sitemap.description"),
    path: paged(sitemapPath(language)),
    alternates: { en: paged(sitemapPath("en")), he: paged(sitemapPath("he")) },
  });
}
