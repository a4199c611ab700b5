// Home page filters (spec section 5): all conditions hold together. The state lives in the URL
// query so a filtered view can be shared, reloaded, rendered on the server and left with Back.
// Matching restaurants against a state is in matching.ts, which the browser loads with the search index.
import { isKashrut, isTag, type Kashrut, type Restaurant } from "../core";
import type { DayExceptions, RestWindow } from "../hours";
import { PESACH_KOSHER, PESACH_PARAM } from "../pesach";

export const LINK_FILTERS = ["booking", "wolt", "order"] as const;
export type LinkFilter = (typeof LINK_FILTERS)[number];

/** The practical facts a visitor may ask for, all of them together ("wheelchair": fully accessible). */
export const FACT_FILTERS = ["delivery", "takeaway", "catering", "wheelchair"] as const;
export type FactFilter = (typeof FACT_FILTERS)[number];
/** "up to" one of these price levels (₪ to ₪₪₪; ₪₪₪₪ would be any known price). */
export const PRICE_FILTERS = ["1", "2", "3"] as const;

export interface FilterState {
  searchTerm: string;
  selectedTags: string[];
  kashrutTypes: Kashrut[];
  linkFilters: LinkFilter[];
  /** Only restaurants verified within the allowed age. */
  recentlyVerified: boolean;
  /** Only restaurants open at this moment, Shabbat and Yom Tov included. */
  openNow: boolean;
  /** Only restaurants whose certificate is valid or renewal pending (core/certificate-status.ts). */
  validCertificate: boolean;
  /** How the results are shown: a list, or a map above the list. Not a filter. */
  view: ResultsView;
  /**
   * Nearest first, once the browser knows where the visitor is (it never leaves the browser); or the
   * best rated first (reviews/bayes.ts: places without reviews after); otherwise the usual order.
   */
  sort: ResultsSort;
  /** Only restaurants kosher for Pesach; heard only in its season (`parseFilters`' option). */
  pesachKosher: boolean;
  /** Only restaurants whose price level is given and at most this (0: any price). */
  priceUpTo: number;
  /** Only restaurants known to have every one of these. */
  factFilters: FactFilter[];
}

export type ResultsView = "list" | "map";
export type ResultsSort = "" | "distance" | "rating";

/** What "open now" is judged on: an instant and the Shabbat and Yom Tov windows around it. */
/** A restaurant's days whose hours are not the week's; given by the page, so the filter's code does not carry the rules. */
export type DaysOf = (restaurant: Pick<Restaurant, "pesach">) => DayExceptions | undefined;

export interface OpenClock {
  now: number;
  windows: readonly RestWindow[];
  /** A restaurant's days whose hours are not the week's (Pesach's: pesach/hours.ts). */
  exceptionsOf?: DaysOf | undefined;
}

export const EMPTY_FILTERS: FilterState = {
  searchTerm: "",
  selectedTags: [],
  kashrutTypes: [],
  linkFilters: [],
  recentlyVerified: false,
  openNow: false,
  validCertificate: false,
  view: "list",
  sort: "",
  pesachKosher: false,
  priceUpTo: 0,
  factFilters: [],
};

/** No filters, the same view and order: what "Clear filters" leaves. */
export function clearedFilters({ view, sort }: FilterState): FilterState {
  return { ...EMPTY_FILTERS, view, sort };
}

const PARAM = {
  search: "q",
  tags: "tag",
  kashrut: "kashrut",
  links: "link",
  verified: "verified",
  open: "open",
  view: "view",
  sort: "sort",
  certificate: "certificate",
  price: "price",
  facts: "has",
} as const;
const RECENTLY_VERIFIED = "recent";
const OPEN_NOW = "now";
const VALID_CERTIFICATE = "valid";
const MAX_SEARCH_LENGTH = 200;

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Reads filters from a query string; unknown values are ignored, never an error. `pesach=kosher`
 * is read only when the page is in Pesach's season; otherwise it is ignored.
 */
export function parseFilters(
  params: URLSearchParams,
  { pesachSeason = false }: { pesachSeason?: boolean } = {},
): FilterState {
  const list = (name: string) =>
    params
      .getAll(name)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean);
  const sort = params.get(PARAM.sort);
  return {
    searchTerm: (params.get(PARAM.search) ?? "").slice(0, MAX_SEARCH_LENGTH),
    selectedTags: unique(list(PARAM.tags).filter(isTag)),
    kashrutTypes: unique(list(PARAM.kashrut).filter(isKashrut)),
    linkFilters: unique(
      list(PARAM.links).filter((link): link is LinkFilter => (LINK_FILTERS as readonly string[]).includes(link)),
    ),
    recentlyVerified: params.get(PARAM.verified) === RECENTLY_VERIFIED,
    openNow: params.get(PARAM.open) === OPEN_NOW,
    validCertificate: params.get(PARAM.certificate) === VALID_CERTIFICATE,
    view: params.get(PARAM.view) === "map" ? "map" : "list",
    sort: sort === "distance" || sort === "rating" ? sort : "",
    pesachKosher: pesachSeason && params.get(PESACH_PARAM) === PESACH_KOSHER,
    // 1 to 3, else 0 (indexOf's -1 + 1).
    priceUpTo: (PRICE_FILTERS as readonly (string | null)[]).indexOf(params.get(PARAM.price)) + 1,
    factFilters: FACT_FILTERS.filter((fact) => list(PARAM.facts).includes(fact)),
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
  if (state.validCertificate) params.set(PARAM.certificate, VALID_CERTIFICATE);
  if (state.view === "map") params.set(PARAM.view, "map");
  if (state.sort) params.set(PARAM.sort, state.sort);
  if (state.pesachKosher) params.set(PESACH_PARAM, PESACH_KOSHER);
  if (state.priceUpTo > 0) params.set(PARAM.price, String(state.priceUpTo));
  for (const fact of state.factFilters) params.append(PARAM.facts, fact);
  return params;
}

export function hasActiveFilters(state: FilterState): boolean {
  return (
    state.searchTerm.trim() !== "" ||
    state.selectedTags.length > 0 ||
    state.kashrutTypes.length > 0 ||
    state.linkFilters.length > 0 ||
    state.recentlyVerified ||
    state.openNow ||
    state.validCertificate ||
    state.pesachKosher ||
    state.priceUpTo > 0 ||
    state.factFilters.length > 0
  );
}

export function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
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
