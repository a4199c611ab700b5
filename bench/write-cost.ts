// What one write costs a large directory (ADR 022): a rename saved through the dashboard's own
// function, then the time until the home page's search finds the new name, in a process built as
// the server builds it (the change feed, the directory's caches, the search-text keeper). Past the
// browser index's limit nothing reloads the directory: the save writes the search text, the change
// drops the size (not on an update) and typos' close words, and the next search asks the database.
// It opens the server's database after the server stopped (PGlite is one process).
import path from "node:path";
import { eq } from "drizzle-orm";
import { updateRestaurant } from "../app/features/restaurants/editing/manage.server";
import { restaurantToFormValues, rowToRestaurant } from "../app/features/restaurants/core/mapping";
import { createDirectory } from "../app/features/restaurants/search/directory.server";
import { EMPTY_FILTERS } from "../app/features/restaurants/search/filters";
import { SYSTEM } from "../app/lib/permissions.server";
import { restaurants } from "../database/schema/restaurants";
import { createChangeFeed } from "../server/data/changes";
import { openDatabase } from "../server/data/database";
import {
  createCloseWordsCache,
  createRestaurantCountCache,
  createRestaurantListCache,
} from "../server/data/restaurant-cache";
import { keepSearchText } from "../server/data/search-text";

export async function writeCost(dataDir: string): Promise<{ saveMs: number; searchableMs: number; listReads: number }> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const changes = await createChangeFeed(database);
  try {
    const db = database.db;
    const list = createRestaurantListCache(db, changes);
    let listReads = 0;
    const directory = createDirectory({
      db,
      list: () => {
        listReads++;
        return list();
      },
      size: createRestaurantCountCache(db, changes),
      closeTo: createCloseWordsCache(db, changes),
    });
    keepSearchText(db, changes);
    const search = (searchTerm: string) => directory({ state: { ...EMPTY_FILTERS, searchTerm }, limit: 24 });
    await search("olive");
    const [row] = await db.select().from(restaurants).where(eq(restaurants.slug, "bench-7"));
    if (!row) throw new Error("bench-7 is missing");
    const values = { ...restaurantToFormValues(rowToRestaurant(row)), nameEn: "Zanzibar Harbour Kitchen" };
    const started = performance.now();
    await updateRestaurant(db, SYSTEM, row.id, values);
    const saveMs = performance.now() - started;
    while ((await search("zanzibar")).total !== 1) {
      if (performance.now() - started > 10_000) throw new Error("the renamed restaurant was not found within 10 s");
    }
    return {
      saveMs: Number(saveMs.toFixed(1)),
      searchableMs: Number((performance.now() - started).toFixed(1)),
      listReads,
    };
  } finally {
    await changes.close();
    await database.close();
  }
}
