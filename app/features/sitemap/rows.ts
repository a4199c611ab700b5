// The spec's sitemap (section 2): static pages plus every restaurant (English and Hebrew paths,
// by slug, last-verified date) and every blog post, with the spec's priorities and frequencies.
import { formatIsoDate, laterDay } from "../../lib/dates";
import {
  accessibilityPath,
  blogAddPath,
  blogPath,
  blogsPath,
  dashboardAddPath,
  dashboardPath,
  dashboardUsersPath,
  homePath,
  inBothLanguages,
  loginPath,
  privacyPolicyPath,
  restaurantPath,
  signupPath,
} from "../../lib/paths";

export type ChangeFrequency = "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

export interface SitemapRow {
  path: string;
  lastModified: string;
  changeFrequency: ChangeFrequency;
  priority: number;
  /** Same page in the other language (restaurants and home), for hreflang in sitemap.xml. */
  alternates?: { en: string; he: string };
  /** Pages behind sign-in are listed in the table but not offered to crawlers. */
  private?: boolean;
}

export interface SitemapInput {
  today: string;
  restaurants: { slug: string; lastVerified?: string | undefined; updatedAt: Date }[];
  blogs: { id: string; slug: string | null; date: Date }[];
}

export function buildSitemapRows({ today, restaurants, blogs }: SitemapInput): SitemapRow[] {
  const home = inBothLanguages(homePath);
  const rows: SitemapRow[] = [
    { path: home.en, lastModified: today, changeFrequency: "daily", priority: 1, alternates: home },
    { path: home.he, lastModified: today, changeFrequency: "daily", priority: 0.9, alternates: home },
    { path: blogsPath(), lastModified: today, changeFrequency: "weekly", priority: 0.8 },
    { path: loginPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.7 },
    { path: signupPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.7 },
    { path: accessibilityPath("en"), lastModified: today, changeFrequency: "yearly", priority: 0.5 },
    { path: privacyPolicyPath("en"), lastModified: today, changeFrequency: "yearly", priority: 0.5 },
    { path: dashboardPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.6, private: true },
    { path: dashboardAddPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.5, private: true },
    { path: dashboardUsersPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.5, private: true },
    { path: blogAddPath(), lastModified: today, changeFrequency: "monthly", priority: 0.5, private: true },
  ];
  for (const restaurant of restaurants) {
    const alternates = inBothLanguages((language) => restaurantPath(restaurant.slug, language));
    // The later of the last change and the last verification (issue 14): either is news to a crawler.
    const lastModified = laterDay(restaurant.lastVerified, formatIsoDate(restaurant.updatedAt));
    rows.push(
      { path: alternates.en, lastModified, changeFrequency: "weekly", priority: 0.7, alternates },
      { path: alternates.he, lastModified, changeFrequency: "weekly", priority: 0.7, alternates },
    );
  }
  for (const blog of blogs) {
    rows.push({
      path: blogPath(blog),
      lastModified: formatIsoDate(blog.date),
      changeFrequency: "monthly",
      priority: 0.7,
    });
  }
  return rows;
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** sitemap.xml for crawlers: public rows only, with hreflang alternates. */
export function sitemapXml(rows: SitemapRow[], publicUrl: string): string {
  const abs = (path: string) => escapeXml(new URL(path, publicUrl + "/").toString());
  const urls = rows
    .filter((row) => !row.private)
    .map((row) => {
      const alternates = row.alternates
        ? `\n    <xhtml:link rel="alternate" hreflang="en" href="${abs(row.alternates.en)}"/>\n    <xhtml:link rel="alternate" hreflang="he" href="${abs(row.alternates.he)}"/>`
        : "";
      return `  <url>\n    <loc>${abs(row.path)}</loc>\n    <lastmod>${row.lastModified}</lastmod>\n    <changefreq>${row.changeFrequency}</changefreq>\n    <priority>${row.priority.toFixed(1)}</priority>${alternates}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
