// The open data feeds' query (ADR 025): every public listing with when it last changed, by slug.
// Every restaurant in the table is public (suggestions and claims live in their own tables until
// approved); permanently closed ones are listed and marked.
import { asc } from "drizzle-orm";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { rowToRestaurant } from "../core";
import { openDataGeoJson, openDataJson, openDataRecord, type OpenDataContext, type OpenDataRecord } from "./feed";

export async function loadOpenDataRecords(db: Db, context: OpenDataContext): Promise<OpenDataRecord[]> {
  const rows = await db.select().from(restaurants).orderBy(asc(restaurants.slug));
  return rows.map((row) => openDataRecord({ restaurant: rowToRestaurant(row), updatedAt: row.updated_at }, context));
}

export type OpenDataFormat = "json" | "geojson";

/** A feed's body, ready to send: its JSON text and the latest change among its listings. */
export async function openDataFeed(
  db: Db,
  format: OpenDataFormat,
  context: OpenDataContext,
  now = new Date(),
): Promise<{ body: string; records: OpenDataRecord[] }> {
  const records = await loadOpenDataRecords(db, context);
  const feed =
    format === "json"
      ? openDataJson(records, context.publicUrl, now)
      : openDataGeoJson(records, context.publicUrl, now);
  return { body: JSON.stringify(feed), records };
}
