// The home page's results, from wherever they are kept best (ADR 022): up to the browser index's
// limit, from the public list every process holds (the browser then filters by itself); past it,
// from the database (search-query.server.ts), so no process holds a directory of 100,000.
import type { Db } from "../../../../database/types";
import type { FreshnessClock, Restaurant } from "../core";
import { hasActiveFilters, type FilterState, type OpenClock } from "./filters";
import { applyFilters } from "./matching";
import { CLIENT_FILTER_LIMIT } from "./search-index";
import { searchIndexOf } from "./search-index.server";
import { searchDirectory, type CloseWords, type DirectoryPage } from "./search-query.server";

export interface DirectoryQuery {
  state: FilterState;
  clock?: FreshnessClock;
  open?: OpenClock;
  /** How many results the page shows. */
  limit: number;
  /** The year of the Pesach whose season it is, for "Kosher for Pesach". */
  pesachYear?: string | undefined;
}

export interface DirectoryResult extends DirectoryPage {
  /** The search index the browser may load to filter by itself; null past the limit. */
  indexVersion: string | null;
}

export type Directory = (query: DirectoryQuery) => Promise<DirectoryResult>;

export interface DirectorySources {
  db: Db;
  /** The public list (cached by the server). Read only while the directory is within the limit. */
  list: () => Promise<Restaurant[]>;
  /** How many restaurants there are (cached by the server). */
  size: () => Promise<number>;
  /** A typo's close words (cached by the server); looked up each time without it. */
  closeTo?: CloseWords;
}

export function createDirectory({ db, list, size, closeTo }: DirectorySources): Directory {
  return async ({ state, clock, open, limit, pesachYear }) => {
    const count = await size();
    if (count > CLIENT_FILTER_LIMIT) {
      // Unfiltered, every restaurant matches: the count is the directory's size.
      const total = hasActiveFilters(state) ? undefined : count;
      return {
        ...(await searchDirectory(db, state, {
          clock,
          open,
          limit,
          pesachYear,
          ...(total === undefined ? {} : { total }),
          ...(closeTo ? { closeTo } : {}),
        })),
        indexVersion: null,
      };
    }
    const all = await list();
    const matching = applyFilters(all, state, clock, open, pesachYear);
    return {
      restaurants: matching.slice(0, limit),
      total: matching.length,
      totalIsAtLeast: false,
      indexVersion: all.length <= CLIENT_FILTER_LIMIT ? searchIndexOf(all).version : null,
    };
  };
}

// The search part's entry in the services every loader gets (beside the listing's own, in core/types.ts):
// the core describes a listing and knows nothing of how the directory is searched.
declare module "../../../lib/context" {
  interface AppServices {
    /** The home page's results: from the public list, or from the database past the browser index's limit. */
    directory: Directory;
  }
}
