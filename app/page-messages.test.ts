import { beforeEach, describe, expect, it, vi } from "vitest";
import { heManage } from "./locales/he/manage";
import { heSite } from "./locales/he/site";
import { heDirectory } from "./locales/he/directory";
import { enDirectory } from "./locales/en/directory";
import { enSite } from "./locales/en/site";
import { messageBundles } from "../scripts/message-bundles";
import { heRestaurant } from "./locales/he/restaurant";
import { heContribute } from "./locales/he/contribute";
import { areasOf, filesFor, LATER_AREAS, laterAreasOf, PAGE_AREAS, type Area } from "./page-messages";
import { PAGE_FACTS } from "./route-facts";

describe("areasOf", () => {
  it("gives public pages the site area only, in both languages, and the home page the directory's words too", () => {
    for (const path of ["/no-such-page", "/dashboards", "/logins", "/accessibility", "/he/privacy-policy"]) {
      expect(areasOf(path), path).toEqual(["site"]);
    }
    for (const path of ["/", "/he", "/en"]) expect(areasOf(path), path).toEqual(["site", "directory"]);
    expect(areasOf("/he/saved")).toEqual(["site", "directory", "saved"]);
  });

  it("adds the blog area for the blog's pages and the sitemap only (not on a first visit to the directory)", () => {
    for (const path of ["/blogs", "/blog/s/x", "/blog/3", "/sitemap", "/he/sitemap"])
      expect(areasOf(path), path).toEqual(["site", "blog"]);
  });

  it("adds the restaurant area for restaurant pages, and the contribute area for the report form: alone on the report page, later on the restaurant page", () => {
    for (const path of ["/en/restaurant/x", "/he/restaurant/x"]) {
      expect(areasOf(path), path).toEqual(["site", "restaurant"]);
      expect(laterAreasOf(path), path).toEqual(["contribute"]);
    }
    for (const path of ["/en/restaurant/x/report", "/he/restaurant/x/report"]) {
      expect(areasOf(path), path).toEqual(["site", "contribute"]);
      expect(laterAreasOf(path), path).toEqual([]);
    }
    expect(laterAreasOf("/")).toEqual([]);
  });

  it("adds the account area for signing up and in, passwords and e-mail checks (not on a first visit to the directory)", () => {
    for (const path of [
      "/login",
      "/he/login/two-factor",
      "/signup",
      "/he/forgot-password",
      "/reset-password",
      "/verify-email",
    ]) {
      expect(areasOf(path), path).toEqual(["site", "account"]);
    }
  });

  it("adds the account and manage areas for the dashboard, its pages, the blog editor and the account page (and the public forms' words their queues show)", () => {
    for (const path of [
      "/dashboard",
      "/he/dashboard",
      "/dashboard/edit/3",
      "/he/dashboard/users",
      "/dashboard/blog/add",
      "/account",
      "/he/account",
    ]) {
      expect(areasOf(path), path).toEqual([
        "site",
        "directory",
        "saved",
        "restaurant",
        "account",
        "manage",
        "contribute",
        "review",
        "blog",
      ]);
    }
  });

  it("loads the contribute area for the public's forms, and not for the restaurant page; the claim page also the account's words (an unverified address)", () => {
    expect(areasOf("/suggest")).toEqual(["site", "contribute"]);
    expect(areasOf("/he/restaurant/x/claim")).toEqual(["site", "restaurant", "account", "contribute"]);
    expect(areasOf("/he/restaurant/x")).toEqual(["site", "restaurant"]);
  });

  it("loads a review's words only where a review is written, reported or answered, not for the public's other forms", () => {
    for (const path of [
      "/en/restaurant/x/review",
      "/he/restaurant/x/reviews/1/report",
      "/en/restaurant/x/reviews/1/reply",
    ])
      expect(areasOf(path), path).toEqual(["site", "restaurant", "account", "contribute", "review"]);
    for (const path of ["/suggest", "/he/suggest", "/en/restaurant/x/report", "/he/restaurant/x/claim"])
      expect(areasOf(path), path).not.toContain("review");
  });

  // The server loads a page's words for its data requests too (the root's middleware), so both read
  // a path as React Router does.
  it("reads a path as the router does: any case, encoded, a trailing slash, repeated slashes, its data request", () => {
    const pages = [
      "/he",
      "/en/restaurant/x",
      "/he/restaurant/x/report",
      "/signup",
      "/he/dashboard/claims",
      "/he/blog/s/y",
    ];
    for (const page of pages) {
      const areas = areasOf(page);
      for (const variant of [
        page.toUpperCase(),
        page.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
        `${page}/`,
        page.replaceAll("/", "//"),
        `${page}.data`,
      ])
        expect(areasOf(variant), variant).toEqual(areas);
    }
    for (const path of ["/_.data", "/he/_.data", "/_root.data", "/he/_root.data"])
      expect(areasOf(path), path).toEqual(areasOf("/"));
  });

  it("names only pages of the route table (app/route-facts.ts), and no area for the server's own paths", () => {
    const stale = [...Object.keys(PAGE_AREAS), ...Object.keys(LATER_AREAS)].filter(
      (pattern) => !(pattern in PAGE_FACTS),
    );
    expect(stale).toEqual([]);
    for (const path of ["/api/live/restaurants/x", "/healthz", "/he/offline", "/dashboards", "/he/accountant"])
      expect(areasOf(path), path).toEqual(["site"]);
  });
});

describe("filesFor", () => {
  const none = () => false;
  const loaded =
    (...areas: Area[]) =>
    (area: Area) =>
      areas.includes(area);

  it("on a first visit, fetches the site's words in one file with the home page's or a restaurant page's own", () => {
    expect(filesFor("he", areasOf("/he"), none)).toEqual(["site+directory"]);
    expect(filesFor("en", areasOf("/en/restaurant/x"), none)).toEqual(["site+restaurant"]);
    expect(filesFor("he", areasOf("/he/saved"), none)).toEqual(["site+directory", "saved"]);
  });

  it("after another page, fetches only the areas not yet in, each alone", () => {
    expect(filesFor("en", areasOf("/en/restaurant/x"), loaded("site", "directory"))).toEqual(["restaurant"]);
    // The directory's file always holds the site's words.
    expect(filesFor("en", areasOf("/"), loaded("site", "restaurant"))).toEqual(["site+directory"]);
    expect(filesFor("en", areasOf("/"), loaded("site", "directory"))).toEqual([]);
  });

  it("fetches the site's words alone for a page with no joined file", () => {
    expect(filesFor("he", areasOf("/he/blogs"), none)).toEqual(["site", "blog"]);
    expect(filesFor("en", areasOf("/login"), none)).toEqual(["site", "account"]);
  });
});

describe("loadMessagesFor", () => {
  // A fresh copy of the modules holds no message, as the browser does before its first load (the
  // test set-up gives the shared copy every message, as the server has).
  let fresh: {
    load: (pathname: string) => Promise<void>;
    loadLater: (pathname: string) => Promise<void>;
    t: (language: "en" | "he", key: string) => string;
  };
  beforeEach(async () => {
    vi.resetModules();
    const catalogue = await import("./page-messages");
    const messages = await import("./lib/i18n/messages");
    fresh = {
      load: catalogue.loadMessagesFor,
      loadLater: catalogue.loadLaterMessagesFor,
      t: (language, key) => messages.translator(language)(key as keyof typeof heSite),
    };
  });

  const siteKey = "nav.home";
  const manageKey = Object.keys(heManage)[0]!;

  it("loads the page language's site area for a public page, and nothing else", async () => {
    expect(fresh.t("he", siteKey)).toBe(siteKey);
    await fresh.load("/he/blogs");
    expect(fresh.t("he", siteKey)).toBe(heSite[siteKey]);
    expect(fresh.t("he", manageKey)).toBe(manageKey);
    expect(fresh.t("en", siteKey)).toBe(siteKey);
  });

  it("loads the manage area on the way into the dashboard", async () => {
    await fresh.load("/he/dashboard/users");
    expect(fresh.t("he", siteKey)).toBe(heSite[siteKey]);
    expect(fresh.t("he", manageKey)).toBe(heManage[manageKey as keyof typeof heManage]);
  });

  it("gives the home page the site's and the directory's words; after another page, the directory's too", async () => {
    await fresh.load("/he");
    expect(fresh.t("he", siteKey)).toBe(heSite[siteKey]);
    expect(fresh.t("he", "filters.search")).toBe(heDirectory["filters.search"]);
    expect(fresh.t("en", "filters.search")).toBe("filters.search");
    await fresh.load("/en/restaurant/x");
    expect(fresh.t("en", siteKey)).toBe(enSite[siteKey]);
    expect(fresh.t("en", "filters.search")).toBe("filters.search");
    await fresh.load("/");
    expect(fresh.t("en", "filters.search")).toBe(enDirectory["filters.search"]);
  });

  it("gives a restaurant page the site's and its own words; after it, the home page the directory's", async () => {
    await fresh.load("/he/restaurant/x");
    expect(fresh.t("he", siteKey)).toBe(heSite[siteKey]);
    expect(fresh.t("he", "report.open")).toBe(heRestaurant["report.open"]);
    expect(fresh.t("he", "filters.search")).toBe("filters.search");
    await fresh.load("/he");
    expect(fresh.t("he", "filters.search")).toBe(heDirectory["filters.search"]);
  });

  it("loads the report form's words (contribute) only when the restaurant page's form opens", async () => {
    await fresh.load("/he/restaurant/x");
    expect(fresh.t("he", "report.open")).toBe(heRestaurant["report.open"]);
    expect(fresh.t("he", "report.submit")).toBe("report.submit");
    await fresh.loadLater("/he/restaurant/x");
    expect(fresh.t("he", "report.submit")).toBe(heContribute["report.submit"]);
    expect(fresh.t("en", "report.submit")).toBe("report.submit");
  });
});

describe("the joined message file", () => {
  const joined = "\0virtual:kta-messages/he/site+directory";
  const loadIn = (command: "build" | "serve") => {
    const plugin = messageBundles();
    (plugin.configResolved as (config: { command: string }) => void)({ command });
    return (plugin.load as (id: string) => string | undefined)(joined);
  };

  it("holds every word of both areas itself in the browser's build, so `site` keeps a file of its own", () => {
    const code = loadIn("build")!;
    expect(code).not.toMatch(/\bimport\b/);
    expect(JSON.parse(code.replace(/^export default /, "").replace(/;$/, ""))).toEqual({ ...heSite, ...heDirectory });
  });

  it("imports the two areas elsewhere (the development server, the tests), so an edited word shows at once", () => {
    const code = loadIn("serve")!;
    expect(code).toMatch(/import \{ heSite \} from ".*locales[\\/]he[\\/]site\.ts"/);
    expect(code).toMatch(/import \{ heDirectory \} from ".*locales[\\/]he[\\/]directory\.ts"/);
  });

  it("refuses a language or an area it does not know", () => {
    const plugin = messageBundles();
    const load = plugin.load as (id: string) => string | undefined;
    expect(() => load("\0virtual:kta-messages/fr/site")).toThrow(/No messages in fr/);
    expect(() => load("\0virtual:kta-messages/en/site+manage")).toThrow(/No such message areas/);
    expect(load("/app/root.tsx")).toBeUndefined();
  });
});
