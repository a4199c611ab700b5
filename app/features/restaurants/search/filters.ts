// Home page filters (spec section 5): all conditions hold together. The state lives in the URL
// query so a filtered view can be shared, reloaded, rendered on the server and left with Back.
import { isKashrut, isTag, TAGS, type Kashrut } from "../constants";
import { freshnessOf, type FreshnessClock } from "../freshness";
import { statusAt, type RestWindow } from "../hours/hours";
import { closeWordsOf, mayBeTypo, searchTextOf, searchWords, textWords, wordInText, wordMatches } from "./search";
import type { Restaurant } from "../types";

export const LINK_FILTERS = ["booking", "wolt", "order"] as const;
export type LinkFilter = (typeof LINK_FILTERS)[number];

export interface FilterState {
  searchTerm: string;
  selectedTags: string[];
  kashrutTypes: Kashrut[];
  linkFilters: LinkFilter[];
  /** Only restaurants verified within the allowed age (issue 14). */
  recentlyVerified: boolean;
  /** Only restaurants open at this moment, Shabbat and Yom Tov included (issue 15). */
  openNow: boolean;
  /** How the results are shown (issue 16): a list, or a map above the list. Not a filter. */
  view: ResultsView;
  /** Nearest first, once the browser knows where the visitor is (it never leaves the browser); otherwise the usual order. */
  sort: ResultsSort;
}

export type ResultsView = "list" | "map";
export type ResultsSort = "" | "distance";

/** What "open now" is judged on: an instant and the Shabbat and Yom Tov windows around it. */
export interface OpenClock {
  now: number;
  windows: readonly RestWindow[];
}

export const EMPTY_FILTERS: FilterState = {
  searchTerm: "",
  selectedTags: [],
  kashrutTypes: [],
  linkFilters: [],
  recentlyVerified: false,
  openNow: false,
  view: "list",
  sort: "",
};

/** No filters, the same view and order: what "Clear filters" leaves. */
export function clearedFilters({ view, sort }: FilterState): FilterState {
  return { ...EMPTY_FILTERS, view, sort };
}

const PARAM = { search: "q", tags: "tag", kashrut: "kashrut", links: "link", verified: "verified", open: "open", view: "view", sort: "sort" } as const;
const RECENTLY_VERIFIED = "recent";
const OPEN_NOW = "now";
const MAX_SEARCH_LENGTH = 200;

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Reads filters from a query string; unknown values are ignored, never an error. */
export function parseFilters(params: URLSearchParams): FilterState {
  const list = (name: string) =>
    params
      .getAll(name)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean);
  return {
    searchTerm: (params.get(PARAM.search) ?? "").slice(0, MAX_SEARCH_LENGTH),
    selectedTags: unique(list(PARAM.tags).filter(isTag)),
    kashrutTypes: unique(list(PARAM.kashrut).filter(isKashrut)),
    linkFilters: unique(list(PARAM.links).filter((link): link is LinkFilter => (LINK_FILTERS as readonly string[]).includes(link))),
    recentlyVerified: params.get(PARAM.verified) === RECENTLY_VERIFIED,
    openNow: params.get(PARAM.open) === OPEN_NOW,
    view: params.get(PARAM.view) === "map" ? "map" : "list",
    sort: params.get(PARAM.sort) === "distance" ? "distance" : "",
  };
}

/** The query string for a filter state (empty parts omitted), in a stable order. */
export function serializeFilters(state: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.searchTerm.trim() !== "") params.set(PARAM.search, state.searchTerm);
  for (const kashrut of state.kashrutTypes) params.append(PARAM.kashrut, kashrut);
  for (const tag of state.selectedTags) params.append(PARAM.tags, tag);
  for (const link of state.linkFilters) params.append(PARAM.links, link);
  if (state.recentlyVerified) params.set(PARAM.verified, RECENTLY_VERIFIED);
  if (state.openNow) params.set(PARAM.open, OPEN_NOW);
  if (state.view === "map") params.set(PARAM.view, "map");
  if (state.sort === "distance") params.set(PARAM.sort, "distance");
  return params;
}

export function hasActiveFilters(state: FilterState): boolean {
  return (
    state.searchTerm.trim() !== "" ||
    state.selectedTags.length > 0 ||
    state.kashrutTypes.length > 0 ||
    state.linkFilters.length > 0 ||
    state.recentlyVerified ||
    state.openNow
  );
}

export function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** What a restaurant's search text is made of: names, descriptions, address and tags (with their English labels), in both languages. */
export function searchFields(restaurant: Pick<Restaurant, "name" | "description" | "address" | "tags">): string[] {
  const tagText = restaurant.tags.flatMap((tag) => (isTag(tag) ? [tag, TAGS[tag]] : [tag]));
  return [restaurant.name.en, restaurant.name.he ?? "", restaurant.description?.en ?? "", restaurant.description?.he ?? "", restaurant.address, ...tagText];
}

/** The text a search term is matched against (search.ts), made once per restaurant object. */
const haystacks = new WeakMap<Restaurant, string>();
export function searchText(restaurant: Restaurant): string {
  let text = haystacks.get(restaurant);
  if (text === undefined) {
    text = searchTextOf(searchFields(restaurant));
    haystacks.set(restaurant, text);
  }
  return text;
}

const haystackWords = new WeakMap<Restaurant, string[]>();
function searchTextWords(restaurant: Restaurant): string[] {
  let words = haystackWords.get(restaurant);
  if (words === undefined) {
    words = textWords(searchText(restaurant));
    haystackWords.set(restaurant, words);
  }
  return words;
}

/** A search term ready to match many restaurants: its words, each with its typo check (search.ts, rule 3). */
export interface TermMatcher {
  word: string;
  isClose: (textWord: string) => boolean;
  /** The restaurants of the list being filtered that have a word close to this one (rule 3), when known. */
  near?: ReadonlySet<Restaurant>;
}

export function termMatchers(term: string): TermMatcher[] {
  return searchWords(term).map((word) => ({ word, isClose: closeWordsOf(word) }));
}

/** Each word of a list's search texts, with the restaurants whose text has it: made once per list (the browser's index, the server's cached list). */
const listWords = new WeakMap<readonly Restaurant[], Map<string, Restaurant[]>>();
function wordsOfList(list: readonly Restaurant[]): Map<string, Restaurant[]> {
  let words = listWords.get(list);
  if (!words) {
    words = new Map();
    for (const restaurant of list) {
      for (const word of searchTextWords(restaurant)) {
        const having = words.get(word);
        if (having) having.push(restaurant);
        else words.set(word, [restaurant]);
      }
    }
    listWords.set(list, words);
  }
  return words;
}

/** Makes a list's search texts and word index ahead of the first keystroke (the browser does it while idle). */
export function prepareForSearch(list: readonly Restaurant[]): void {
  wordsOfList(list);
}

/** Rule 3 for a whole list at once: the distinct words are compared once each, not once per restaurant. */
function withNear(terms: TermMatcher[], list: readonly Restaurant[]): TermMatcher[] {
  return terms.map((term) => {
    if (!mayBeTypo(term.word)) return term;
    const near = new Set<Restaurant>();
    for (const [word, having] of wordsOfList(list)) if (term.isClose(word)) for (const restaurant of having) near.add(restaurant);
    return { ...term, near };
  });
}

const LINK_OF: Record<LinkFilter, (r: Restaurant) => string | undefined> = {
  booking: (r) => r.bookingLink,
  wolt: (r) => r.woltLink,
  order: (r) => r.onlineOrderLink,
};

/**
 * Whether a restaurant passes every active filter. "Recently verified" is judged on the clock the
 * page was given (the server's day in Tel Aviv, FreshnessClock), "open now" on an instant and the
 * Shabbat windows (OpenClock); without them they match nothing.
 */
export function matchesFilters(
  restaurant: Restaurant,
  state: FilterState,
  clock?: FreshnessClock,
  terms = termMatchers(state.searchTerm),
  open?: OpenClock,
): boolean {
  if (terms.length > 0) {
    const text = searchText(restaurant);
    const words = () => searchTextWords(restaurant);
    const matches = ({ word, isClose, near }: TermMatcher) => (near ? wordInText(word, text) || near.has(restaurant) : wordMatches(word, text, words, isClose));
    if (!terms.every(matches)) return false;
  }
  if (state.selectedTags.length > 0 && !state.selectedTags.some((tag) => restaurant.tags.includes(tag))) return false;
  if (state.kashrutTypes.length > 0 && !state.kashrutTypes.includes(restaurant.kashrut)) return false;
  if (state.linkFilters.length > 0 && !state.linkFilters.some((link) => Boolean(LINK_OF[link](restaurant)))) return false;
  if (state.recentlyVerified && (!clock || freshnessOf(restaurant.lastVerified, clock) !== "fresh")) return false;
  if (state.openNow && !isOpenAt(restaurant, open)) return false;
  return true;
}

/** Open at the clock's instant: has hours, is not closed for good, and they say open. */
export function isOpenAt(restaurant: Pick<Restaurant, "hours" | "isPermanentlyClosed">, open: OpenClock | undefined): boolean {
  return Boolean(open && restaurant.hours && !restaurant.isPermanentlyClosed && statusAt(restaurant.hours, open.windows, open.now).open);
}

export function applyFilters(restaurants: readonly Restaurant[], state: FilterState, clock?: FreshnessClock, open?: OpenClock): Restaurant[] {
  const terms = withNear(termMatchers(state.searchTerm), restaurants);
  return restaurants.filter((restaurant) => matchesFilters(restaurant, state, clock, terms, open));
}

/** Card tags: the first `max`, and how many more there are. */
export function visibleTags(tags: readonly string[], max: number): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/**
 * Results are shown a page at a time; `show` in the query says how many (so it works without
 * JavaScript). A page fills a phone screen several times and a wide screen's grid six rows deep;
 * more come at once from the search index, so the HTML need not carry them.
 */
export const RESULTS_PAGE = 24;
const MAX_SHOWN = 100_000;

export function parseShown(params: URLSearchParams): number {
  const requested = Number.parseInt(params.get("show") ?? "", 10);
  if (!Number.isFinite(requested) || requested <= RESULTS_PAGE) return RESULTS_PAGE;
  return Math.min(Math.ceil(requested / RESULTS_PAGE) * RESULTS_PAGE, MAX_SHOWN);
}
