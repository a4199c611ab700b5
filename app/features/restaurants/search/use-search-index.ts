import { useEffect, useState } from "react";
import { decodeIndex, searchIndexPath } from "./search-index";
import { prepareForSearch } from "./matching";
import type { Restaurant } from "../types";

/** Whether the search index is in the browser: then filter changes need no trip to the server. */
let indexInBrowser = false;

/** Whether the search index is in the browser now (the home route's shouldRevalidate asks). */
export function searchIndexInBrowser(): boolean {
  return indexInBrowser;
}

/**
 * Loads the search index once the page has painted and the browser is idle, and builds the search
 * text while idle, so the first keystroke is as fast as the rest. Until it arrives (or if it
 * cannot be loaded) filters ask the server, as they do without JavaScript.
 */
export function useSearchIndex(version: string | null): Restaurant[] | null {
  const [index, setIndex] = useState<{ version: string; restaurants: Restaurant[] } | null>(null);
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
      fetch(searchIndexPath(version), { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((body: unknown) => {
          const restaurants = decodeIndex(body);
          cancelIdle = idle(() => {
            prepareForSearch(restaurants);
            setIndex({ version, restaurants });
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
  return ready ? index.restaurants : null;
}
