import { blogs } from "../../../database/schema/blogs";
import { restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { formatIsoDate } from "../../lib/dates";
import { buildSitemapRows, type SitemapRow } from "./rows";

export async function loadSitemapRows(db: Db, now = new Date()): Promise<SitemapRow[]> {
  const [restaurantRows, blogRows] = await Promise.all([
    db
      .select({ slug: restaurants.slug, lastVerified: restaurants.last_verified, updatedAt: restaurants.updated_at })
      .from(restaurants)
      .orderBy(restaurants.slug),
    db.select({ id: blogs.id, slug: blogs.slug, date: blogs.date }).from(blogs).orderBy(blogs.date),
  ]);
  return buildSitemapRows({
    today: formatIsoDate(now),
    restaurants: restaurantRows.map((r) => ({ slug: r.slug, lastVerified: r.lastVerified ?? undefined, updatedAt: r.updatedAt })),
    blogs: blogRows,
  });
}
