// The public restaurant list, kept in memory and dropped whenever the database announces a
// restaurant change (from any process), so a write is visible on the very next request. While
// announcements could be missed (database connection lost) nothing is kept, and everything is
// dropped when they work again.
import { listRestaurants } from "../../app/features/restaurants/queries.server";
import type { Restaurant } from "../../app/features/restaurants/types";
import type { Db } from "../../database/types";
import type { ChangeFeed } from "./changes";

export function createRestaurantListCache(db: Db, changes: Pick<ChangeFeed, "subscribe" | "onResync" | "live">): () => Promise<Restaurant[]> {
  let cached: Promise<Restaurant[]> | undefined;
  const drop = () => {
    cached = undefined;
  };
  changes.subscribe(drop);
  changes.onResync(drop);
  return () => {
    if (!changes.live()) {
      cached = undefined;
      return listRestaurants(db);
    }
    if (!cached) {
      const loading = listRestaurants(db);
      cached = loading;
      // A failed load is not kept.
      loading.catch(() => {
        if (cached === loading) cached = undefined;
      });
    }
    return cached;
  };
}
