import { useEffect, useState } from "react";
import type { Restaurant } from "../core";
import type * as Engine from "./local-search";
import { EMPTY_FILTERS } from "./filters";

/** The index in the browser, and the rules that filter and sort it (loaded with it: local-search.ts). */
export interface LocalIndex extends Pick<
  typeof Engine,
  "applyFilters" | "byDistance" | "distanceMeters" | "formatDistance" | "statusAt"
> {
  restaurants: Restaurant[];
}

/** Whether the search index is in the browser: then filter changes need no trip to the server. */
let indexInBrowser = false;

/** Whether the search index is in the browser now (the home route's shouldRevalidate asks). */
export function searchIndexInBrowser(): boolean {
  return indexInBrowser;
}

/**
 * Once asked for (a `version`: the directory asks when a visitor reaches for the filters, or opens
 * the map), loads the search index and the code that filters it while the browser is idle, builds
 * the search text in another idle moment and searches it once in a third, so the first keystroke
 * finds the matching code ready. Until they arrive (or if they cannot be loaded) filters ask the
 * server, as they do without JavaScript.
 */
export function useSearchIndex(version: string | null): LocalIndex | null {
  const [index, setIndex] = useState<(LocalIndex & { version: string }) | null>(null);
  useEffect(() => {
    if (!version || index?.version === version) return;
    const controller = new AbortController();
    const idle = (work: () => void) => {
      if (typeof requestIdleCallback !== "function") {
        const timer = setTimeout(work, 50);
        return () => clearTimeout(timer);
      }
      const handle = requestIdleCallback(work, { timeout: 1_000 });
      return () => cancelIdleCallback(handle);
    };
    let cancelIdle = idle(() => {
      import("./local-search")
        .then(async ({ fetchIndex, prepareForSearch, warmSearch, ...engine }) => {
          const restaurants = await fetchIndex(version, controller.signal);
          cancelIdle = idle(() => {
            prepareForSearch(restaurants);
            setIndex({ version, restaurants, ...engine });
            // The matching code's first run, in an idle moment of its own so each piece of work stays
            // short. Not cancelled with the rest: the index being set ends this effect.
            idle(() => warmSearch(restaurants, EMPTY_FILTERS));
          });
        })
        .catch(() => {
          // Filtering stays on the server: slower, never wrong.
        });
    });
    return () => {
      controller.abort();
      cancelIdle();
    };
  }, [version, index?.version]);
  const ready = index !== null && index.version === version;
  useEffect(() => {
    indexInBrowser = ready;
    return () => {
      indexInBrowser = false;
    };
  }, [ready]);
  return ready ? index : null;
}
