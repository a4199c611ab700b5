// The browser's word that a search of its own index found nothing. Loaded only with the
// index (local-search.ts), never on a first visit. A term that has shown no results for
// SETTLED_MS (typing has stopped), or is on screen when the page is hidden, is sent once per page
// as a beacon: the raw term as text, nothing else (no cookie is read, the server keeps no address
// or agent). The server normalises it, ignores bots and short terms, and counts it only if the
// directory finds nothing for it alone (server/statistics/search-misses.ts).
import { MISS_TERM_MAX } from "./misses";

const SETTLED_MS = 1_500;
const PATH = "/api/searches/missed";

let waiting = "";
let timer: ReturnType<typeof setTimeout> | undefined;
const sent = new Set<string>();
// The page was loaded with this search: the server already counted it if it found nothing.
const loadedWith = typeof location === "undefined" ? "" : (new URLSearchParams(location.search).get("q") ?? "").trim();

function send(): void {
  clearTimeout(timer);
  const term = waiting;
  waiting = "";
  if (term === "" || sent.has(term)) return;
  sent.add(term);
  try {
    navigator.sendBeacon(PATH, term);
  } catch {
    // A browser that refuses the beacon loses one count: nothing to tell the visitor.
  }
}

if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
}

/** Called after each render of the results: the search term on screen and how many it found. */
export function missed(searchTerm: string, total: number): void {
  const term = [...searchTerm.trim()].slice(0, MISS_TERM_MAX).join("");
  const next = total === 0 && term.length >= 3 && term !== loadedWith && !sent.has(term) ? term : "";
  if (next === waiting) return;
  clearTimeout(timer);
  waiting = next;
  if (next !== "") timer = setTimeout(send, SETTLED_MS);
}
