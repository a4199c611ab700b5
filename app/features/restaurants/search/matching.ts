// Which restaurants pass a filter state (filters.ts): the search rules of app/lib/search-text.ts over each
// restaurant's text, and the other filters. The server runs it on the public list; the browser
// loads it with the search index, after the first paint (so a first visit does not carry it).
import { freshnessOf, type FreshnessClock, type Restaurant, searchFields } from "../core";
import { statusAt } from "../hours";
import { hasValidCertificate } from "../certificate";
import { kosherForPesach } from "../pesach";
import { compareByRating, meanStars } from "../reviews";
import type { FactFilter, FilterState, LinkFilter, OpenClock } from "./filters";
import { closeTo, mayBeTypo, searchTextOf, searchWords, textWords, wordInText } from "../../../lib/search-text";

/** The text a search term is matched against (app/lib/search-text.ts), made once per restaurant object. */
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

/** A search term's word, with the restaurants of the list being filtered that have a word close to it (rule 3), when it may be a typo. */
interface Term {
  word: string;
  near?: ReadonlySet<Restaurant>;
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

/**
 * Terms searched once when a list is prepared: a letter (the plain word match) and a word long
 * enough to be a typo (rule 3, which makes every word's trigrams of the list, kept in
 * app/lib/search-text.ts).
 */
const WARM_TERMS = ["a", "warm"];

/** Makes a list's search texts and word index ahead of the first keystroke. */
export function prepareForSearch(list: readonly Restaurant[]): void {
  wordsOfList(list);
}

/**
 * Searches a prepared list once with each of WARM_TERMS, so the first keystroke finds the matching
 * code compiled and the words' trigrams made, as every later one does. The browser does it in an
 * idle moment of its own after the index is ready (use-search-index.ts), which is only once the
 * visitor reaches for the filters: a page that is only loaded never pays for it. `noFilters` is
 * EMPTY_FILTERS, given by the caller: a value imported from filters.ts here would move that module
 * into the chunk every public page loads (it would be shared with this lazily loaded code).
 */
export function warmSearch(list: readonly Restaurant[], noFilters: FilterState): void {
  for (const searchTerm of WARM_TERMS) applyFilters(list, { ...noFilters, searchTerm });
}

/** A term's words for a whole list at once: rule 3 compares each distinct word of the list once, not once per restaurant. */
function termsFor(searchTerm: string, list: readonly Restaurant[]): Term[] {
  return searchWords(searchTerm).map((word) => {
    if (!mayBeTypo(word)) return { word };
    const isClose = closeTo(word);
    const near = new Set<Restaurant>();
    for (const [textWord, having] of wordsOfList(list))
      if (isClose(textWord)) for (const restaurant of having) near.add(restaurant);
    return { word, near };
  });
}

const LINK_OF: Record<LinkFilter, (r: Restaurant) => string | undefined> = {
  booking: (r) => r.bookingLink,
  wolt: (r) => r.woltLink,
  order: (r) => r.onlineOrderLink,
};

/** What each practical filter asks of a restaurant ("wheelchair": fully accessible, not partly). */
const FACT_OF: Record<FactFilter, (r: Restaurant) => boolean> = {
  delivery: (r) => r.delivery === true,
  takeaway: (r) => r.takeaway === true,
  catering: (r) => r.catering === true,
  wheelchair: (r) => r.wheelchair === "yes",
};

/**
 * Whether a restaurant passes every active filter. "Recently verified" is judged on the clock the
 * page was given (the server's day in Tel Aviv, FreshnessClock), "open now" on an instant and the
 * Shabbat windows (OpenClock); without them they match nothing.
 */
function matchesFilters(
  restaurant: Restaurant,
  state: FilterState,
  terms: readonly Term[],
  clock?: FreshnessClock,
  open?: OpenClock,
  pesachYear?: string,
): boolean {
  if (terms.length > 0) {
    const text = searchText(restaurant);
    if (!terms.every(({ word, near }) => wordInText(word, text) || Boolean(near?.has(restaurant)))) return false;
  }
  if (state.selectedTags.length > 0 && !state.selectedTags.some((tag) => restaurant.tags.includes(tag))) return false;
  if (state.kashrutTypes.length > 0 && !state.kashrutTypes.includes(restaurant.kashrut)) return false;
  if (state.linkFilters.length > 0 && !state.linkFilters.some((link) => Boolean(LINK_OF[link](restaurant))))
    return false;
  if (state.recentlyVerified && (!clock || freshnessOf(restaurant.lastVerified, clock) !== "fresh")) return false;
  if (state.openNow && !isOpenAt(restaurant, open)) return false;
  if (state.validCertificate && (!clock || !hasValidCertificate(restaurant.certificate, clock))) return false;
  // Kosher for the season's Pesach (out of season the filter is never set).
  if (state.pesachKosher && (!pesachYear || !kosherForPesach(restaurant.pesach, pesachYear))) return false;
  // A price level given and within the limit; every practical fact asked for.
  if (state.priceUpTo > 0 && !(restaurant.priceLevel !== undefined && restaurant.priceLevel <= state.priceUpTo))
    return false;
  if (!state.factFilters.every((fact) => FACT_OF[fact](restaurant))) return false;
  return true;
}

/** Open at the clock's instant: has hours, is not closed for good, and they say open (Pesach's days included). */
export function isOpenAt(
  restaurant: Pick<Restaurant, "hours" | "isPermanentlyClosed" | "pesach">,
  open: OpenClock | undefined,
): boolean {
  return Boolean(
    open &&
    restaurant.hours &&
    !restaurant.isPermanentlyClosed &&
    statusAt(restaurant.hours, open.windows, open.now, open.exceptionsOf?.(restaurant)).open,
  );
}

/** `pesachYear`: the year of the Pesach whose season it is, for "Kosher for Pesach". */
export function applyFilters(
  restaurants: readonly Restaurant[],
  state: FilterState,
  clock?: FreshnessClock,
  open?: OpenClock,
  pesachYear?: string,
): Restaurant[] {
  const terms = termsFor(state.searchTerm, restaurants);
  const found = restaurants.filter((restaurant) => matchesFilters(restaurant, state, terms, clock, open, pesachYear));
  if (state.sort !== "rating") return found;
  // Best rated first, by the mean of every place's reviews (not only the matching ones), as the
  // server's search orders; a stable sort keeps the usual order among equals.
  const mean = meanStars(restaurants.map((restaurant) => restaurant.rating));
  return found.sort((a, b) => compareByRating(a.rating, b.rating, mean));
}
