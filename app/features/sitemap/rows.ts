// The spec's sitemap (section 2): static pages plus every restaurant (English and Hebrew paths,
// by slug, last-verified date) and every blog post, with the spec's priorities and frequencies.
import { formatIsoDate, laterDay } from "../../lib/dates";
import {
  accessibilityPath,
  blogAddPath,
  blogPath,
  blogsPath,
  dashboardPath,
  homePath,
  inBothLanguages,
  loginPath,
  privacyPolicyPath,
  restaurantPath,
  reviewPolicyPath,
  signupPath,
  sitemapFilePath,
} from "../../lib/paths";
import { dashboardAddPath, dashboardUsersPath } from "../../lib/member-paths";

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

/** The site's own pages, first in the table and in the crawlers' file of pages. */
export function staticSitemapRows(today: string): SitemapRow[] {
  const home = inBothLanguages(homePath);
  return [
    { path: home.en, lastModified: today, changeFrequency: "daily", priority: 1, alternates: home },
    { path: home.he, lastModified: today, changeFrequency: "daily", priority: 0.9, alternates: home },
    { path: blogsPath(), lastModified: today, changeFrequency: "weekly", priority: 0.8 },
    { path: loginPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.7 },
    { path: signupPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.7 },
    { path: accessibilityPath("en"), lastModified: today, changeFrequency: "yearly", priority: 0.5 },
    { path: privacyPolicyPath("en"), lastModified: today, changeFrequency: "yearly", priority: 0.5 },
    { path: reviewPolicyPath("en"), lastModified: today, changeFrequency: "yearly", priority: 0.5 },
    { path: dashboardPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.6, private: true },
    { path: dashboardAddPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.5, private: true },
    { path: dashboardUsersPath("en"), lastModified: today, changeFrequency: "monthly", priority: 0.5, private: true },
    { path: blogAddPath(), lastModified: today, changeFrequency: "monthly", priority: 0.5, private: true },
  ];
}

/** Each restaurant twice: its English and its Hebrew page. */
export const ROWS_PER_RESTAURANT = 2;

export function restaurantSitemapRows(restaurants: SitemapInput["restaurants"]): SitemapRow[] {
  return restaurants.flatMap((restaurant) => {
    const alternates = inBothLanguages((language) => restaurantPath(restaurant.slug, language));
    // The later of the last change and the last verification: either is news to a crawler.
    const lastModified = laterDay(restaurant.lastVerified, formatIsoDate(restaurant.updatedAt));
    return [
      { path: alternates.en, lastModified, changeFrequency: "weekly", priority: 0.7, alternates },
      { path: alternates.he, lastModified, changeFrequency: "weekly", priority: 0.7, alternates },
    ] satisfies SitemapRow[];
  });
}

export function blogSitemapRows(blogs: SitemapInput["blogs"]): SitemapRow[] {
  return blogs.map((blog) => ({
    path: blogPath(blog),
    lastModified: formatIsoDate(blog.date),
    changeFrequency: "monthly",
    priority: 0.7,
  }));
}

/** Every row, in the table's order: the site's pages, the restaurants by slug, the blog posts by date. */
export function buildSitemapRows({ today, restaurants, blogs }: SitemapInput): SitemapRow[] {
  return [...staticSitemapRows(today), ...restaurantSitemapRows(restaurants), ...blogSitemapRows(blogs)];
}

/** Rows on one page of the sitemap table (about 60 kB of HTML with its data). */
export const SITEMAP_PAGE_ROWS = 200;

/**
 * Restaurants in one crawlers' file: 2,000 URLs (about 800 kB, 15 kB compressed), far under the
 * protocol's 50,000 URLs and 50 MB, so a file is made and compressed in tens of milliseconds. Up to
 * this many, `/sitemap.xml` is the one file of every URL; past it, a sitemap index (100 files at
 * 100,000).
 */
export const SITEMAP_FILE_RESTAURANTS = 1_000;

export interface SitemapSlice {
  /** Rows of the site's own pages on this page: [start, end). */
  statics: [number, number];
  /** Restaurants to read (by slug), and which of their rows are on this page. */
  restaurants: { offset: number; limit: number; skip: number; take: number };
  /** Blog posts to read (by date). */
  blogs: { offset: number; limit: number };
  page: number;
  pages: number;
}

/**
 * Which rows page `page` (1-based) of the table holds, from how many there are of each kind; a page
 * past the last is the last. Pure, so the database reads only one page's restaurants.
 */
export function sitemapSlice(
  counts: { statics: number; restaurants: number; blogs: number },
  page: number,
  size = SITEMAP_PAGE_ROWS,
): SitemapSlice {
  const restaurantRows = counts.restaurants * ROWS_PER_RESTAURANT;
  const total = counts.statics + restaurantRows + counts.blogs;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const start = (current - 1) * size;
  const end = Math.min(start + size, total);
  const within = (from: number, length: number): [number, number] => [
    Math.min(Math.max(start - from, 0), length),
    Math.min(Math.max(end - from, 0), length),
  ];
  const [statStart, statEnd] = within(0, counts.statics);
  const [restStart, restEnd] = within(counts.statics, restaurantRows);
  const [blogStart, blogEnd] = within(counts.statics + restaurantRows, counts.blogs);
  const offset = Math.floor(restStart / ROWS_PER_RESTAURANT);
  const limit = Math.ceil(restEnd / ROWS_PER_RESTAURANT) - offset;
  return {
    statics: [statStart, statEnd],
    restaurants: { offset, limit, skip: restStart - offset * ROWS_PER_RESTAURANT, take: restEnd - restStart },
    blogs: { offset: blogStart, limit: blogEnd - blogStart },
    page: current,
    pages,
  };
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** sitemap.xml for crawlers: public rows only, with hreflang alternates. */
export function sitemapXml(rows: SitemapRow[], publicUrl: string): string {
  // Our paths are absolute and made of safe characters: the site's origin before them is the URL
  // (one URL parse per file, not three per row: a file of 2,000 URLs is made in a few ms).
  const origin = new URL(publicUrl).origin;
  const abs = (path: string) => escapeXml(origin + path);
  const urls = rows
    .filter((row) => !row.private)
    .map((row) => {
      const alternates = row.alternates
        ? `\n    <xhtml:link rel="alternate" hreflang="en" href="${abs(row.alternates.en)}"/>\n    <xhtml:link rel="alternate" hreflang="he" href="${abs(row.alternates.he)}"/>`
        : "";
      return `  <url>\n    <loc>${abs(row.path)}</loc>\n    <lastmod>${row.lastModified}</lastmod>\n    <changefreq>${row.changeFrequency}</changefreq>\n    <priority>${row.priority.toFixed(1)}</priority>${alternates}\n  </url>`;
    });
  return `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The crawlers' files of a large directory: the site's pages and blog posts, then the restaurants by slug in files of SITEMAP_FILE_RESTAURANTS. */
export function sitemapFiles(restaurantCount: number, perFile = SITEMAP_FILE_RESTAURANTS): string[] {
  const parts = Math.ceil(restaurantCount / perFile);
  return ["pages", ...Array.from({ length: parts }, (_, i) => `restaurants-${i + 1}`)];
}

/** sitemap.xml as a sitemap index: one <sitemap> per file, `/sitemaps/<name>.xml`. */
export function sitemapIndexXml(files: { name: string; lastModified: string }[], publicUrl: string): string {
  const entries = files.map(
    ({ name, lastModified }) =>
      `  <sitemap>\n    <loc>${escapeXml(new URL(sitemapFilePath(name), publicUrl + "/").toString())}</loc>\n    <lastmod>${lastModified}</lastmod>\n  </sitemap>`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}
