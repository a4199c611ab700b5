// The public restaurant list and the directory's size, kept in memory and dropped whenever the
// database announces a restaurant change (from any process), so a write is visible on the very
// next request. While announcements could be missed (database connection lost) nothing is kept,
// and everything is dropped when they work again.
import { listRestaurants } from "../../app/features/restaurants/queries.server";
import { countRestaurants } from "../../app/features/restaurants/search/search-query.server";
import type { Restaurant } from "../../app/features/restaurants/types";
import type { Db } from "../../database/types";
import type { ChangeFeed, RestaurantChange } from "./changes";

type Feed = Pick<ChangeFeed, "subscribe" | "onResync" | "live">;

/**
 * One value read from the database, kept while the feed is live and dropped on the changes
 * `matters` picks (every change unless told) and on every resync.
 */
function cachedRead<T>(read: () => Promise<T>, changes: Feed, matters: (change: RestaurantChange) => boolean = () => true): () => Promise<T> {
  let cached: Promise<T> | undefined;
  const drop = () => {
    cached = undefined;
  };
  changes.subscribe((change) => {
    if (matters(change)) drop();
  });
  changes.onResync(drop);
  const get = () => {
    if (!changes.live()) {
      cached = undefined;
      return read();
    }
    if (!cached) {
      const loading = read();
      cached = loading;
      // A failed load is not kept.
      loading.catch(() => {
        if (cached === loading) cached = undefined;
      });
    }
    return cached;
  };
  return get;
}

export function createRestaurantListCache(db: Db, changes: Feed): () => Promise<Restaurant[]> {
  return cachedRead(() => listRestaurants(db), changes);
}

/** How many restaurants there are: only an insert or a delete changes it. */
export function createRestaurantCountCache(db: Db, changes: Feed): () => Promise<number> {
  return cachedRead(
    () => countRestaurants(db),
    changes,
    (change) => change.op !== "update",
  );
}
