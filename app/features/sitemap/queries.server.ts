import { asc, count, max } from "drizzle-orm";
import { blogs } from "../../../database/schema/blogs";
import { restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { formatIsoDate, laterDay } from "../../lib/dates";
import {
  blogSitemapRows,
  buildSitemapRows,
  restaurantSitemapRows,
  SITEMAP_FILE_RESTAURANTS,
  sitemapFiles,
  sitemapIndexXml,
  sitemapSlice,
  sitemapXml,
  staticSitemapRows,
  type SitemapRow,
} from "./rows";

const restaurantColumns = {
  slug: restaurants.slug,
  lastVerified: restaurants.last_verified,
  updatedAt: restaurants.updated_at,
};
const blogColumns = { id: blogs.id, slug: blogs.slug, date: blogs.date };

/** Restaurants by slug, `limit` of them from `offset` (read a page at a time, never the whole directory). */
async function restaurantsBySlug(db: Db, offset: number, limit: number) {
  if (limit <= 0) return [];
  const rows = await db
    .select(restaurantColumns)
    .from(restaurants)
    .orderBy(asc(restaurants.slug))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => ({ slug: r.slug, lastVerified: r.lastVerified ?? undefined, updatedAt: r.updatedAt }));
}

const blogsByDate = (db: Db, offset = 0, limit?: number) => {
  const query = db.select(blogColumns).from(blogs).orderBy(asc(blogs.date), asc(blogs.id)).offset(offset);
  return limit === undefined ? query : query.limit(limit);
};

/** How many restaurants there are, and the latest day any of them changed or was verified: one pass over the table. */
async function restaurantTotals(db: Db, now: Date) {
  const [totals] = await db
    .select({ n: count(), updated: max(restaurants.updated_at), verified: max(restaurants.last_verified) })
    .from(restaurants);
  return {
    count: Number(totals?.n ?? 0),
    lastModified: laterDay(totals?.verified ?? undefined, formatIsoDate(totals?.updated ?? now)),
  };
}

async function counts(db: Db) {
  const [[restaurantCount], [blogCount]] = await Promise.all([
    db.select({ n: count() }).from(restaurants),
    db.select({ n: count() }).from(blogs),
  ]);
  return { restaurants: Number(restaurantCount?.n ?? 0), blogs: Number(blogCount?.n ?? 0) };
}

export interface SitemapPage {
  rows: SitemapRow[];
  page: number;
  pages: number;
}

/** One page of the sitemap table (`page` is 1-based; past the last, the last). */
export async function loadSitemapPage(db: Db, page: number, now = new Date()): Promise<SitemapPage> {
  const statics = staticSitemapRows(formatIsoDate(now));
  const slice = sitemapSlice({ statics: statics.length, ...(await counts(db)) }, page);
  const [restaurantRows, blogRows] = await Promise.all([
    restaurantsBySlug(db, slice.restaurants.offset, slice.restaurants.limit),
    slice.blogs.limit > 0 ? blogsByDate(db, slice.blogs.offset, slice.blogs.limit) : [],
  ]);
  return {
    rows: [
      ...statics.slice(...slice.statics),
      ...restaurantSitemapRows(restaurantRows).slice(
        slice.restaurants.skip,
        slice.restaurants.skip + slice.restaurants.take,
      ),
      ...blogSitemapRows(blogRows),
    ],
    page: slice.page,
    pages: slice.pages,
  };
}

export interface XmlOptions {
  now?: Date;
  /** Restaurants per crawlers' file (tests make it small). */
  perFile?: number;
}

/**
 * What a crawler reads at `/sitemap.xml`: every URL in one file while the directory fits in one
 * (SITEMAP_FILE_RESTAURANTS), else a sitemap index of `/sitemaps/<name>.xml` files.
 */
export async function loadSitemapXml(
  db: Db,
  publicUrl: string,
  { now = new Date(), perFile = SITEMAP_FILE_RESTAURANTS }: XmlOptions = {},
): Promise<string> {
  const today = formatIsoDate(now);
  const totals = await restaurantTotals(db, now);
  if (totals.count <= perFile) {
    const [restaurantRows, blogRows] = await Promise.all([restaurantsBySlug(db, 0, totals.count), blogsByDate(db)]);
    return sitemapXml(buildSitemapRows({ today, restaurants: restaurantRows, blogs: blogRows }), publicUrl);
  }
  return sitemapIndexXml(
    sitemapFiles(totals.count, perFile).map((name) => ({
      name,
      lastModified: name === "pages" ? today : totals.lastModified,
    })),
    publicUrl,
  );
}

/** One of the index's files by name (`pages`, `restaurants-N`), or undefined when there is no such file. */
export async function loadSitemapFile(
  db: Db,
  name: string,
  publicUrl: string,
  { now = new Date(), perFile = SITEMAP_FILE_RESTAURANTS }: XmlOptions = {},
): Promise<string | undefined> {
  const [total] = await db.select({ n: count() }).from(restaurants);
  const restaurantCount = Number(total?.n ?? 0);
  if (restaurantCount <= perFile || !sitemapFiles(restaurantCount, perFile).includes(name)) return undefined;
  if (name === "pages")
    return sitemapXml([...staticSitemapRows(formatIsoDate(now)), ...blogSitemapRows(await blogsByDate(db))], publicUrl);
  const part = Number(name.slice("restaurants-".length));
  const list = await restaurantsBySlug(db, (part - 1) * perFile, perFile);
  return sitemapXml(restaurantSitemapRows(list), publicUrl);
}
