// Everything an import needs to rebuild the directory's content: every restaurant (both
// languages, every field, its owners by e-mail) and every blog post, sorted by slug so two exports
// of the same data are the same file (but for `exportedAt`).
import { eq } from "drizzle-orm";
import { generateSlug } from "../../../app/features/blog/rules";
import { restaurantToFormValues, rowToRestaurant } from "../../../app/features/restaurants/core/mapping";
import { users } from "../../../database/schema/auth";
import { blogs } from "../../../database/schema/blogs";
import { restaurantOwners, restaurants } from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedPost, type ExportedRestaurant, type ExportFile } from "./format";

const bySlug = (a: { slug: string }, b: { slug: string }) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

export async function exportData(db: Db, now = new Date()): Promise<ExportFile> {
  const rows = await db.select().from(restaurants);
  const links = await db
    .select({ restaurantId: restaurantOwners.restaurant_id, email: users.email })
    .from(restaurantOwners)
    .innerJoin(users, eq(users.id, restaurantOwners.user_id));
  const owners = new Map<string, string[]>();
  for (const link of links) owners.set(link.restaurantId, [...(owners.get(link.restaurantId) ?? []), link.email]);

  const exported: ExportedRestaurant[] = rows.map((row) => ({
    slug: row.slug,
    // The form's values, exactly as the dashboard's editor is filled from the record.
    ...restaurantToFormValues(rowToRestaurant(row)),
    hours: row.hours ?? null,
    pesach: row.pesach ?? {},
    lastVerified: row.last_verified ?? "",
    owners: (owners.get(row.id) ?? []).sort(),
  }));

  const posts: ExportedPost[] = (await db.select().from(blogs)).map((row) => ({
    // A post from before slugs were required gets the slug its next save in the editor would give it.
    slug: row.slug ?? generateSlug(row.title),
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    content: row.content,
    date: row.date.toISOString(),
  }));

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    restaurants: exported.sort(bySlug),
    posts: posts.sort(bySlug),
  };
}
