import { visibleTags } from "../core/components/Badges";
import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { emptyWeek } from "../hours/hours";
import { applyFilters, prepareForSearch, warmSearch } from "./matching";
import {
  clearedFilters,
  EMPTY_FILTERS,
  hasActiveFilters,
  parseFilters,
  parseShown,
  RESULTS_PAGE,
  serializeFilters,
  toggle,
  type FilterState,
} from "./filters";
import { rowToRestaurant } from "../core/mapping";
import { normalizeForSearch } from "../../../lib/search-text";

const r = (overrides: Parameters<typeof buildRestaurantRow>[0]) => rowToRestaurant(buildRestaurantRow(overrides));

const grill = r({
  name_en: "Olive Grill",
  name_he: "גריל הזית",
  address: "5 Dizengoff St",
  kashrut: "rabanut",
  tags: ["Meat", "Grill"],
  booking_link: "https://book.example/olive",
});
const cafe = r({
  name_en: "Cafe Noa",
  name_he: "קפה נועה",
  description_en: "Quiet dairy café",
  description_he: "בית קפה חלבי שקט",
  address: "12 Shenkin St",
  kashrut: "tzohar",
  tags: ["Dairy", "Cafe"],
  wolt_link: "https://wolt.example/noa",
});
const sushi = r({
  name_en: "Sakura",
  name_he: "סאקורה",
  address: "40 Ibn Gabirol St",
  kashrut: "mehadrin",
  tags: ["Sushi", "Fish"],
  online_order_link: "https://order.example/sakura",
});
const all = [grill, cafe, sushi];
const names = (list: typeof all) => list.map((x) => x.name.en);
const filter = (state: Partial<FilterState>) => names(applyFilters(all, { ...EMPTY_FILTERS, ...state }));

describe("search", () => {
  it("matches English name, Hebrew name, descriptions and address, case-insensitively", () => {
    expect(filter({ searchTerm: "OLIVE" })).toEqual(["Olive Grill"]);
    expect(filter({ searchTerm: "סאקורה" })).toEqual(["Sakura"]);
    expect(filter({ searchTerm: "quiet" })).toEqual(["Cafe Noa"]);
    expect(filter({ searchTerm: "שקט" })).toEqual(["Cafe Noa"]);
    expect(filter({ searchTerm: "gabirol" })).toEqual(["Sakura"]);
  });

  it("matches a tag in either language", () => {
    expect(filter({ searchTerm: "dairy" })).toEqual(["Cafe Noa"]);
    expect(filter({ searchTerm: "חלבי" })).toEqual(["Cafe Noa"]);
    expect(filter({ searchTerm: "בשרי" })).toEqual(["Olive Grill"]);
  });

  it("ignores niqqud, cantillation, final letters, geresh, gershayim and quotes", () => {
    expect(filter({ searchTerm: "קָפֶה" })).toEqual(["Cafe Noa"]);
    expect(filter({ searchTerm: "נוען" })).toEqual([]);
    expect(normalizeForSearch("נועם")).toBe(normalizeForSearch("נועמ"));
    expect(normalizeForSearch("צ׳יפס")).toBe("ציפס");
    expect(normalizeForSearch('צה"ל')).toBe("צהל");
    expect(normalizeForSearch("צה״ל")).toBe("צהל");
    expect(normalizeForSearch("בְּרֵאשִׁ֖ית")).toBe("בראשית");
    expect(normalizeForSearch("Café")).toBe("cafe");
    expect(filter({ searchTerm: "cafe" })).toEqual(["Cafe Noa"]);
  });

  it("needs every word of the term, in any order", () => {
    expect(filter({ searchTerm: "noa shenkin" })).toEqual(["Cafe Noa"]);
    expect(filter({ searchTerm: "noa dizengoff" })).toEqual([]);
  });

  it("treats a blank term as no search", () => {
    expect(filter({ searchTerm: "   " })).toEqual(names(all));
  });
});

describe("filters", () => {
  it("tags match if any selected tag is present", () => {
    expect(filter({ selectedTags: ["Grill", "Sushi"] })).toEqual(["Olive Grill", "Sakura"]);
  });

  it("kashrut matches if the restaurant's kashrut is among those selected", () => {
    expect(filter({ kashrutTypes: ["tzohar", "mehadrin"] })).toEqual(["Cafe Noa", "Sakura"]);
  });

  it("link filters match if any selected link is present", () => {
    expect(filter({ linkFilters: ["booking"] })).toEqual(["Olive Grill"]);
    expect(filter({ linkFilters: ["wolt"] })).toEqual(["Cafe Noa"]);
    expect(filter({ linkFilters: ["order"] })).toEqual(["Sakura"]);
    expect(filter({ linkFilters: ["booking", "order"] })).toEqual(["Olive Grill", "Sakura"]);
  });

  it("all conditions hold together", () => {
    expect(
      filter({ kashrutTypes: ["tzohar", "rabanut"], selectedTags: ["Meat", "Dairy"], linkFilters: ["wolt"] }),
    ).toEqual(["Cafe Noa"]);
    expect(filter({ searchTerm: "grill", kashrutTypes: ["tzohar"] })).toEqual([]);
  });

  it("no filter shows everything in the given order", () => {
    expect(filter({})).toEqual(["Olive Grill", "Cafe Noa", "Sakura"]);
  });
});

describe("recently verified", () => {
  const clock = { today: "2026-11-24", maxAgeDays: 180 };
  const dated = [{ ...grill, lastVerified: "2026-11-01" }, { ...cafe, lastVerified: "2025-01-01" }, sushi];
  it("keeps only restaurants verified within the allowed age, on the page's clock", () => {
    expect(names(applyFilters(dated, { ...EMPTY_FILTERS, recentlyVerified: true }, clock))).toEqual(["Olive Grill"]);
    expect(
      names(applyFilters(dated, { ...EMPTY_FILTERS, recentlyVerified: true }, { ...clock, maxAgeDays: 10_000 })),
    ).toEqual(["Olive Grill", "Cafe Noa"]);
    expect(names(applyFilters(dated, EMPTY_FILTERS, clock))).toEqual(["Olive Grill", "Cafe Noa", "Sakura"]);
  });
  it("matches nothing without a clock rather than guess the day", () => {
    expect(applyFilters(dated, { ...EMPTY_FILTERS, recentlyVerified: true })).toEqual([]);
  });
  it("reads only verified=recent from the URL", () => {
    expect(parseFilters(new URLSearchParams("verified=recent")).recentlyVerified).toBe(true);
    expect(parseFilters(new URLSearchParams("verified=yes")).recentlyVerified).toBe(false);
  });
});

describe("open now", () => {
  const week = (ranges: [string, string][]) => ({
    ...emptyWeek(),
    days: Array.from({ length: 7 }, () => ranges.map(([from, to]) => ({ from, to }))),
  });
  const shabbat = {
    start: Date.parse("2026-09-18T15:23:00Z"),
    end: Date.parse("2026-09-19T16:18:00Z"),
    holiday: false,
  };
  const lunch = rowToRestaurant(buildRestaurantRow({ name_en: "Lunch Place", hours: week([["11:00", "16:00"]]) }));
  const late = rowToRestaurant(
    buildRestaurantRow({ name_en: "Late Bar", hours: { ...week([["18:00", "02:00"]]), closedOnShabbat: false } }),
  );
  const gone = rowToRestaurant(
    buildRestaurantRow({ name_en: "Gone", hours: week([["00:00", "23:59"]]), is_permanently_closed: true }),
  );
  const unknown = rowToRestaurant(buildRestaurantRow({ name_en: "No Hours" }));
  const list = [lunch, late, gone, unknown];
  const openAt = (iso: string) =>
    names(
      applyFilters(list, { ...EMPTY_FILTERS, openNow: true }, undefined, { now: Date.parse(iso), windows: [shabbat] }),
    );

  it("keeps the places open at the instant: a weekday noon, a weekday night, Shabbat noon", () => {
    expect(openAt("2026-09-16T09:00:00Z")).toEqual(["Lunch Place"]); // Wednesday 12:00 in Tel Aviv
    expect(openAt("2026-09-16T21:30:00Z")).toEqual(["Late Bar"]); // Thursday 00:30, past midnight
    expect(openAt("2026-09-19T09:00:00Z")).toEqual([]); // Shabbat noon: lunch is closed for Shabbat, the bar opens at 18:00
    expect(openAt("2026-09-19T16:00:00Z")).toEqual(["Late Bar"]); // Saturday 19:00: open (it does not close for Shabbat)
  });

  it("never keeps a place closed for good or one without hours; without a clock, nothing", () => {
    expect(openAt("2026-09-16T09:30:00Z")).not.toContain("Gone");
    expect(openAt("2026-09-16T09:30:00Z")).not.toContain("No Hours");
    expect(applyFilters(list, { ...EMPTY_FILTERS, openNow: true })).toEqual([]);
  });

  it("reads only open=now from the URL", () => {
    expect(parseFilters(new URLSearchParams("open=now")).openNow).toBe(true);
    expect(parseFilters(new URLSearchParams("open=yes")).openNow).toBe(false);
  });
});

describe("URL state", () => {
  it("round-trips through the query string", () => {
    const state: FilterState = {
      searchTerm: "קפה נועה",
      selectedTags: ["Dairy", "Middle Eastern"],
      kashrutTypes: ["tzohar"],
      linkFilters: ["wolt", "order"],
      recentlyVerified: true,
      openNow: true,
      validCertificate: true,
      view: "map",
      sort: "distance",
      pesachKosher: false,
      priceUpTo: 2,
      factFilters: ["delivery", "wheelchair"],
    };
    expect(serializeFilters(state).get("certificate")).toBe("valid");
    expect(serializeFilters(state).get("price")).toBe("2");
    expect(serializeFilters(state).getAll("has")).toEqual(["delivery", "wheelchair"]);
    expect(serializeFilters(state).get("verified")).toBe("recent");
    expect(serializeFilters(state).get("view")).toBe("map");
    expect(serializeFilters(state).get("sort")).toBe("distance");
    expect(serializeFilters(state).get("open")).toBe("now");
    expect(parseFilters(new URLSearchParams(serializeFilters(state).toString()))).toEqual(state);
  });

  it("ignores unknown values and duplicates instead of failing", () => {
    expect(
      parseFilters(new URLSearchParams("kashrut=tzohar&kashrut=nope&tag=Meat&tag=Meat&tag=<script>&link=fax")),
    ).toEqual({
      searchTerm: "",
      selectedTags: ["Meat"],
      kashrutTypes: ["tzohar"],
      linkFilters: [],
      recentlyVerified: false,
      openNow: false,
      validCertificate: false,
      view: "list",
      sort: "",
      pesachKosher: false,
      priceUpTo: 0,
      factFilters: [],
    });
  });

  it("reads the practical filters: a price limit of 1 to 3 and known facts, in a stable order, once each", () => {
    expect(
      parseFilters(new URLSearchParams("price=2&has=wheelchair&has=delivery,catering&has=delivery")),
    ).toMatchObject({
      priceUpTo: 2,
      factFilters: ["delivery", "catering", "wheelchair"],
    });
    for (const price of ["0", "4", "9", "-1", "1.5", "two", ""])
      expect(parseFilters(new URLSearchParams(`price=${price}`)).priceUpTo).toBe(0);
    expect(parseFilters(new URLSearchParams("has=parking&has=<b>&has=Delivery")).factFilters).toEqual([]);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, priceUpTo: 1 })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, factFilters: ["takeaway"] })).toBe(true);
    expect(serializeFilters(EMPTY_FILTERS).toString()).toBe("");
  });

  it("keeps the view and the order apart from the filters", () => {
    expect(parseFilters(new URLSearchParams("view=map&sort=distance"))).toMatchObject({
      view: "map",
      sort: "distance",
    });
    expect(parseFilters(new URLSearchParams("view=globe&sort=price"))).toMatchObject({ view: "list", sort: "" });
    const mapped = { ...EMPTY_FILTERS, view: "map" as const, sort: "distance" as const };
    // Neither is a filter: nothing to clear, and clearing keeps them.
    expect(hasActiveFilters(mapped)).toBe(false);
    expect(clearedFilters({ ...mapped, searchTerm: "fish", openNow: true })).toEqual(mapped);
    expect(serializeFilters({ ...EMPTY_FILTERS, view: "list" }).toString()).toBe("");
  });

  it("orders by rating with sort=rating, both ways", () => {
    expect(parseFilters(new URLSearchParams("sort=rating")).sort).toBe("rating");
    const rated = { ...EMPTY_FILTERS, sort: "rating" as const };
    expect(serializeFilters(rated).toString()).toBe("sort=rating");
    expect(hasActiveFilters(rated)).toBe(false);
    expect(clearedFilters({ ...rated, openNow: true })).toEqual(rated);
  });

  it("accepts comma-separated lists", () => {
    expect(parseFilters(new URLSearchParams("kashrut=tzohar,rabanut")).kashrutTypes).toEqual(["tzohar", "rabanut"]);
  });

  it("serialises an empty state to an empty query", () => {
    expect(serializeFilters(EMPTY_FILTERS).toString()).toBe("");
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, linkFilters: ["booking"] })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, recentlyVerified: true })).toBe(true);
  });

  it("toggles a value in and out of a list", () => {
    expect(toggle(["a"], "b")).toEqual(["a", "b"]);
    expect(toggle(["a", "b"], "a")).toEqual(["b"]);
  });
});

describe("visibleTags", () => {
  it("shows at most the given number and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d", "e"], 3)).toEqual({ shown: ["a", "b", "c"], more: 2 });
    expect(visibleTags(["a", "b"], 3)).toEqual({ shown: ["a", "b"], more: 0 });
    expect(visibleTags(["a", "b", "c"], 2)).toEqual({ shown: ["a", "b"], more: 1 });
  });
});

describe("parseShown", () => {
  it("shows one page by default and whole pages when asked for more", () => {
    expect(parseShown(new URLSearchParams(""))).toBe(RESULTS_PAGE);
    expect(parseShown(new URLSearchParams("show=abc"))).toBe(RESULTS_PAGE);
    expect(parseShown(new URLSearchParams("show=-5"))).toBe(RESULTS_PAGE);
    expect(parseShown(new URLSearchParams(`show=${RESULTS_PAGE * 2}`))).toBe(RESULTS_PAGE * 2);
    expect(parseShown(new URLSearchParams(`show=${RESULTS_PAGE + 1}`))).toBe(RESULTS_PAGE * 2);
    expect(parseShown(new URLSearchParams("show=99999999"))).toBe(100_000);
  });
});

describe("tag filters from the URL", () => {
  it("ignore names that are not tags, inherited object keys included", () => {
    const params = new URLSearchParams("tag=Sushi&tag=constructor,__proto__,toString&tag=Nope");
    expect(parseFilters(params).selectedTags).toEqual(["Sushi"]);
  });
});

describe("the practical filters", () => {
  const make = (name_en: string, overrides: Parameters<typeof buildRestaurantRow>[0]) =>
    rowToRestaurant(buildRestaurantRow({ name_en, ...overrides }));
  const list = [
    make("Cheap Delivery", { price_level: 1, delivery: true, wheelchair: "yes" }),
    make("Middle Takeaway", { price_level: 2, takeaway: true, catering: true, wheelchair: "partly" }),
    make("Dear Place", { price_level: 4, delivery: true, takeaway: true, wheelchair: "no" }),
    make("Unknown", {}),
  ];
  const names = (state: Partial<FilterState>) =>
    applyFilters(list, { ...EMPTY_FILTERS, ...state }).map((r) => r.name.en);

  it("'up to' a price keeps the places at or below it, never one without a price level", () => {
    expect(names({ priceUpTo: 1 })).toEqual(["Cheap Delivery"]);
    expect(names({ priceUpTo: 2 })).toEqual(["Cheap Delivery", "Middle Takeaway"]);
    expect(names({ priceUpTo: 3 })).toEqual(["Cheap Delivery", "Middle Takeaway"]);
  });

  it("every fact asked for must be known; wheelchair means fully accessible", () => {
    expect(names({ factFilters: ["delivery"] })).toEqual(["Cheap Delivery", "Dear Place"]);
    expect(names({ factFilters: ["delivery", "takeaway"] })).toEqual(["Dear Place"]);
    expect(names({ factFilters: ["catering"] })).toEqual(["Middle Takeaway"]);
    expect(names({ factFilters: ["wheelchair"] })).toEqual(["Cheap Delivery"]);
    expect(names({ factFilters: ["delivery"], priceUpTo: 2 })).toEqual(["Cheap Delivery"]);
  });
});

describe("prepareForSearch and warmSearch", () => {
  it("leave every answer as it was: words, typos, and no search", () => {
    const list = [grill, cafe, sushi];
    prepareForSearch(list);
    warmSearch(list, EMPTY_FILTERS);
    const search = (searchTerm: string) => names(applyFilters(list, { ...EMPTY_FILTERS, searchTerm }));
    expect(search("olive")).toEqual(["Olive Grill"]);
    // A typo (rule 3) after the warm-up's own typo-length term.
    expect(search("dizemgoff")).toEqual(["Olive Grill"]);
    expect(search("warm")).toEqual([]);
    expect(search("a")).toEqual(["Olive Grill", "Cafe Noa", "Sakura"]);
    expect(search("")).toEqual(["Olive Grill", "Cafe Noa", "Sakura"]);
  });
});
