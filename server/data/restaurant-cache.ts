// The public restaurant list, the directory's size and typos' close words, kept in memory and dropped whenever the
// database announces a restaurant change (from any process), so a write is visible on the very
// next request. While announcements could be missed (database connection lost) nothing is kept,
// and everything is dropped when they work again.
import { certificateBatchDay } from "../../app/features/restaurants/certificate/batch-day.server";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import {
  closeWords,
  countRestaurants,
  type CloseWords,
} from "../../app/features/restaurants/search/search-query.server";
import type { Restaurant } from "../../app/features/restaurants/core/types";
import { restaurants } from "../../database/schema/restaurants";
import type { Db } from "../../database/types";
import type { ChangeFeed, RestaurantChange } from "./changes";

type Feed = Pick<ChangeFeed, "subscribe" | "onResync" | "live">;

/**
 * One value read from the database, kept while the feed is live and dropped on the changes
 * `matters` picks (every change unless told) and on every resync.
 */
function cachedRead<T>(
  read: () => Promise<T>,
  changes: Feed,
  matters: (change: RestaurantChange) => boolean = () => true,
): () => Promise<T> {
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

/** The city-wide batch date of the Rabbinate's certificates (ADR 033), counted again after any change. */
export function createBatchDayCache(db: Db, changes: Feed): () => Promise<string | null> {
  return cachedRead(() => certificateBatchDay(db), changes);
}

/** Every listing's slug (open, closed or waiting for review): the taps' counter counts only these. */
export function createKnownSlugsCache(db: Db, changes: Feed): () => Promise<ReadonlySet<string>> {
  return cachedRead(
    async () => new Set((await db.select({ slug: restaurants.slug }).from(restaurants)).map((row) => row.slug)),
    changes,
  );
}

/** How many restaurants there are: only an insert or a delete changes it. */
export function createRestaurantCountCache(db: Db, changes: Feed): () => Promise<number> {
  return cachedRead(
    () => countRestaurants(db),
    changes,
    (change) => change.op !== "update",
  );
}

/** How many search words' close words are kept at most (each a short list). */
const MAX_KEPT_WORDS = 1_000;

/**
 * A typo's close words (app/lib/search-text.ts, rule 3), remembered per word: the vocabulary changes only when a
 * restaurant does, so everything is dropped on every change (ADR 022).
 */
export function createCloseWordsCache(db: Db, changes: Feed): CloseWords {
  const kept = new Map<string, Promise<readonly string[]>>();
  const drop = () => kept.clear();
  changes.subscribe(drop);
  changes.onResync(drop);
  return (word) => {
    if (!changes.live()) return closeWords(db, word);
    let found = kept.get(word);
    if (!found) {
      if (kept.size >= MAX_KEPT_WORDS) kept.clear();
      const loading = closeWords(db, word);
      found = loading;
      kept.set(word, loading);
      loading.catch(() => {
        if (kept.get(word) === loading) kept.delete(word);
      });
    }
    return found;
  };
}
