// Which message areas a page needs, and loading them in the browser (ADR 012). At app/'s top, beside
// the route table, above app/lib, which never imports a page's facts. The `site` area
// (the shell and the public pages) is loaded for every page; the `directory` area (the home page's search, filters,
// results and map, and the cards) for the home and Saved pages, on a first visit in one file with the site's words
// (scripts/message-bundles.ts), as the `restaurant` area is; the `saved` area (the Saved page's own words); the `restaurant` area for restaurant pages; the `account` area for signing up and in; the `manage` area only for the dashboard and account pages, whose visitors are
// signed-in owners and admins; the `contribute` area for the public's own forms (suggest, claim; the problem report, whose form on the restaurant page loads it when opened: a route's `later` areas); the `review` area for a diner's review and a review's report and reply. Which page shows which areas is the table below (`PAGE_AREAS`). Each area of each
// language is its own chunk, so a first visit fetches one language's public messages and no more.
import type { Messages } from "./locales/en";
import { detectLanguage, type Language } from "./lib/i18n/language";
import { addMessages } from "./lib/i18n/messages";
import { AREAS, type Area } from "./lib/i18n/areas";
import { firstFit, readPath } from "./lib/route-patterns";

export { AREAS, type Area } from "./lib/i18n/areas";

const RESTAURANT: readonly Area[] = ["restaurant"];
/** The public's own forms (the problem report's too): their words apart from the restaurant page's. */
const CONTRIBUTE: readonly Area[] = ["contribute"];
const ACCOUNT: readonly Area[] = ["account"];
/** The dashboard and the account pages name every area: they show words of all of them. */
const MANAGE: readonly Area[] = AREAS.filter((area) => area !== "site");
const REVIEW: readonly Area[] = ["restaurant", "contribute", "review", "account"];
const BLOG: readonly Area[] = ["blog"];

/**
 * The areas each page shows besides `site`, by its route's pattern without the language prefix (as
 * in app/route-facts.ts; a path takes the first pattern it fits). A page not here shows the site's
 * words only. Its own table, not a route fact, so a first visit's JavaScript carries only this.
 */
export const PAGE_AREAS: Record<string, readonly Area[]> = {
  "/": ["directory"],
  "/restaurant/:slug": RESTAURANT,
  "/restaurant/:slug/report": CONTRIBUTE,
  // And the account's, for sending the verification link again.
  "/restaurant/:slug/claim": ["restaurant", "contribute", "account"],
  "/restaurant/:slug/review": REVIEW,
  "/restaurant/:slug/reviews/*": REVIEW,
  "/suggest": CONTRIBUTE,
  "/saved": ["directory", "saved"],
  "/login": ACCOUNT,
  "/login/two-factor": ACCOUNT,
  "/signup": ACCOUNT,
  "/forgot-password": ACCOUNT,
  "/reset-password": ACCOUNT,
  "/verify-email": ACCOUNT,
  "/account/*": MANAGE,
  "/dashboard/*": MANAGE,
  "/blogs": BLOG,
  "/blog/:id": BLOG,
  "/blog/s/:slug": BLOG,
  "/sitemap": BLOG,
};

/**
 * Areas a part of a page loads when the visitor opens that part, not with the page (ADR 012's
 * update of 2026-11-26: the restaurant page's report form, `loadLaterMessagesFor`).
 */
export const LATER_AREAS: Record<string, readonly Area[]> = {
  "/restaurant/:slug": CONTRIBUTE,
};

/** The areas `table` names for the page at `pathname`. */
const areasIn = (table: Record<string, readonly Area[]>, pathname: string): readonly Area[] =>
  firstFit(table, readPath(pathname).segments)?.[1] ?? [];

/** The message areas the page at `pathname` shows: `site`, and those `PAGE_AREAS` names, in the catalogue's order. */
export function areasOf(pathname: string): Area[] {
  const own = areasIn(PAGE_AREAS, pathname);
  return AREAS.filter((area) => area === "site" || own.includes(area));
}

/** A message file's words. */
type Words = () => Promise<Partial<Messages>>;

const chunks: Record<Language, Record<Area, Words>> = {
  en: {
    site: () => import("./locales/en/site").then((module) => module.enSite),
    // Always with the site's words: the directory's words are the home page's, most often a first visit.
    directory: () => import("virtual:kta-messages/en/site+directory").then((module) => module.default),
    saved: () => import("./locales/en/saved").then((module) => module.enSaved),
    restaurant: () => import("./locales/en/restaurant").then((module) => module.enRestaurant),
    account: () => import("./locales/en/account").then((module) => module.enAccount),
    manage: () => import("./locales/en/manage").then((module) => module.enManage),
    contribute: () => import("./locales/en/contribute").then((module) => module.enContribute),
    review: () => import("./locales/en/review").then((module) => module.enReview),
    blog: () => import("./locales/en/blog").then((module) => module.enBlog),
  },
  he: {
    site: () => import("./locales/he/site").then((module) => module.heSite),
    directory: () => import("virtual:kta-messages/he/site+directory").then((module) => module.default),
    saved: () => import("./locales/he/saved").then((module) => module.heSaved),
    restaurant: () => import("./locales/he/restaurant").then((module) => module.heRestaurant),
    account: () => import("./locales/he/account").then((module) => module.heAccount),
    manage: () => import("./locales/he/manage").then((module) => module.heManage),
    contribute: () => import("./locales/he/contribute").then((module) => module.heContribute),
    review: () => import("./locales/he/review").then((module) => module.heReview),
    blog: () => import("./locales/he/blog").then((module) => module.heBlog),
  },
};

/**
 * A restaurant page's words joined with the site's in one file (scripts/message-bundles.ts), for a
 * first visit to it: one request and its headers fewer, and brotli packs one file better than two.
 * After another page (the site's words are in), its words come alone. The directory's file always
 * holds the site's words (one file fewer to name in every page's code).
 */
const withSite: Record<Language, Partial<Record<Area, Words>>> = {
  en: {
    restaurant: () => import("virtual:kta-messages/en/site+restaurant").then((module) => module.default),
  },
  he: {
    restaurant: () => import("virtual:kta-messages/he/site+restaurant").then((module) => module.default),
  },
};

/**
 * The message files a page's areas take (`site`, `site+directory`, `restaurant`…), given the areas
 * already loaded or on their way: on a first visit the site's words come in one file with the
 * page's own area when there is such a file.
 */
export function filesFor(language: Language, areas: readonly Area[], has: (area: Area) => boolean): string[] {
  const needed = areas.filter((area) => !has(area));
  const joined = needed.find(
    (area) => area === "directory" || (needed.includes("site") && withSite[language][area] !== undefined),
  );
  return needed.filter((area) => !(joined && area === "site")).map((area) => (area === joined ? `site+${area}` : area));
}

/** Each area's load, by `language/area`: a joined file's load stands for both its areas. */
const loading = new Map<string, Promise<void>>();

/** Loads a file of `filesFor`: an area's own, or `site+<area>`. */
function loadFile(language: Language, file: string): Promise<void> {
  const [first, joined] = file.split("+") as [Area, Area?];
  const areas = joined ? [first, joined] : [first];
  const own = (joined && withSite[language][joined]) || chunks[language][joined ?? first];
  const load = own().then((messages) => addMessages(language, messages));
  for (const each of areas) loading.set(`${language}/${each}`, load);
  // A failed load (the network dropped) is tried again by the next navigation.
  load.catch(() => {
    for (const each of areas) if (loading.get(`${language}/${each}`) === load) loading.delete(`${language}/${each}`);
  });
  return load;
}

function loadAreas(language: Language, areas: readonly Area[]): Promise<void> {
  for (const file of filesFor(language, areas, (area) => loading.has(`${language}/${area}`))) loadFile(language, file);
  return Promise.all(areas.map((area) => loading.get(`${language}/${area}`))).then(() => undefined);
}

/** Loads (once) the messages the page at `pathname` shows, in its language. */
export function loadMessagesFor(pathname: string): Promise<void> {
  return loadAreas(detectLanguage(pathname), areasOf(pathname));
}

/** The areas a part of the page at `pathname` loads when it opens (`LATER_AREAS`). */
export function laterAreasOf(pathname: string): Area[] {
  const later = areasIn(LATER_AREAS, pathname);
  return AREAS.filter((area) => later.includes(area));
}

const loadingLater = new Map<string, Promise<void>>();

/**
 * Loads (once) the messages of the parts of the page at `pathname` that load when opened (the report
 * form): one promise per language and areas, so a component may wait for it with `use`.
 */
export function loadLaterMessagesFor(pathname: string): Promise<void> {
  const language = detectLanguage(pathname);
  const areas = laterAreasOf(pathname);
  const id = `${language}/${areas.join()}`;
  let load = loadingLater.get(id);
  if (!load) {
    load = loadAreas(language, areas);
    load.catch(() => loadingLater.delete(id));
    loadingLater.set(id, load);
  }
  return load;
}
