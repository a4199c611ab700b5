import { describe, expect, it } from "vitest";
import { buildRestaurant } from "../../../../database/factories";
import { rowToRestaurant } from "../core/mapping";
import { EMPTY_FILTERS, parseFilters, serializeFilters } from "../search/filters";
import { applyFilters } from "../search/matching";
import { decodeIndex, decodeIndexPesach, encodeIndexPesach, toIndexRow } from "../search/search-index";
import { cholHamoedOf, forCardPesach, pesachPageData } from "./pesach";
import { pesachExceptions } from "./hours";
import { pesachPlansOf } from "./plans";

const SEASON = { year: "2027", firstDay: "2027-04-22", lastDay: "2027-04-28" };

function restaurant(slug: string, pesach: Record<string, unknown> = {}) {
  return rowToRestaurant({
    ...buildRestaurant({ slug, name_en: slug }),
    id: crypto.randomUUID(),
    pesach,
    search_text: null,
    search_words: null,
  } as never);
}

describe("Pesach on the directory", () => {
  it("has Chol HaMoed between the first and the last day", () => {
    expect(cholHamoedOf(SEASON)).toEqual({ from: "2027-04-23", to: "2027-04-27" });
  });

  it("reads ?pesach=kosher only in season, and writes it back", () => {
    const params = new URLSearchParams("pesach=kosher");
    expect(parseFilters(params).pesachKosher).toBe(false);
    expect(parseFilters(params, { pesachSeason: true }).pesachKosher).toBe(true);
    expect(parseFilters(new URLSearchParams("pesach=yes"), { pesachSeason: true }).pesachKosher).toBe(false);
    expect(serializeFilters({ ...EMPTY_FILTERS, pesachKosher: true }).toString()).toBe("pesach=kosher");
  });

  it("keeps only the restaurants kosher for the season's Pesach", () => {
    const list = [
      restaurant("kosher-2027", { "2027": { status: "kosher", kitniyot: true } }),
      restaurant("closed-2027", { "2027": { status: "closed" } }),
      restaurant("kosher-2028", { "2028": { status: "kosher" } }),
      restaurant("no-plan"),
    ];
    const state = { ...EMPTY_FILTERS, pesachKosher: true };
    expect(applyFilters(list, state, undefined, undefined, "2027").map((r) => r.slug)).toEqual(["kosher-2027"]);
    expect(applyFilters(list, state, undefined, undefined, "2028").map((r) => r.slug)).toEqual(["kosher-2028"]);
    // Without a season the filter keeps nothing (it is never set then: parseFilters).
    expect(applyFilters(list, state)).toEqual([]);
    expect(applyFilters(list, EMPTY_FILTERS, undefined, undefined, "2027")).toHaveLength(4);
  });

  it("carries each year's status and Chol HaMoed's hours in the search index, and back", () => {
    const cholHamoed = [
      { from: "09:00", to: "15:00" },
      { from: "18:00", to: "23:30" },
    ];
    const plans = {
      "2027": { status: "kosher" as const, kitniyot: false, cholHamoed },
      "2028": { status: "closed" as const },
    };
    expect(encodeIndexPesach(plans)).toBe("2027k 09:00-15:00 18:00-23:30,2028c");
    expect(decodeIndexPesach("2027k 09:00-15:00 18:00-23:30,2028c")).toEqual({
      "2027": { status: "kosher", cholHamoed },
      "2028": { status: "closed" },
    });
    expect(decodeIndexPesach("2027k,2028c")).toEqual({ "2027": { status: "kosher" }, "2028": { status: "closed" } });
    expect(decodeIndexPesach("")).toBeUndefined();
    expect(decodeIndexPesach("27k,2027x")).toEqual({});
    const [decoded] = decodeIndex([toIndexRow(restaurant("in-index", plans))]);
    expect(decoded?.pesach).toEqual({ "2027": { status: "kosher", cholHamoed }, "2028": { status: "closed" } });
    const [none] = decodeIndex([toIndexRow(restaurant("no-plan"))]);
    expect(none?.pesach).toBeUndefined();
  });

  it("gives a card only the season's status and Chol HaMoed's hours, and nothing out of season", () => {
    const plans = {
      "2027": { status: "kosher" as const, kitniyot: true, cholHamoed: [{ from: "10:00", to: "22:00" }] },
    };
    expect(forCardPesach(plans, SEASON)).toEqual({
      "2027": { status: "kosher", cholHamoed: [{ from: "10:00", to: "22:00" }] },
    });
    expect(forCardPesach({ "2027": { status: "closed" } }, SEASON)).toEqual({ "2027": { status: "closed" } });
    expect(forCardPesach(plans, null)).toBeUndefined();
    expect(forCardPesach(plans, { ...SEASON, year: "2028" })).toBeUndefined();
    expect(pesachPageData(plans, SEASON)).toMatchObject({
      year: "2027",
      cholHamoed: { from: "2027-04-23", to: "2027-04-27" },
      plan: plans["2027"],
    });
    expect(pesachPageData(plans, null)).toBeNull();
  });

  it("checks stored or imported plans whole", () => {
    expect(pesachPlansOf(null)).toEqual({});
    expect(
      pesachPlansOf({
        "2027": {
          status: "kosher",
          kitniyot: true,
          certificate: { body: "tzohar", level: "mehadrin", validUntil: "2027-05-01" },
          cholHamoed: [{ from: "09:00", to: "23:00" }],
        },
      }),
    ).toEqual({
      "2027": {
        status: "kosher",
        kitniyot: true,
        certificate: { body: "tzohar", level: "mehadrin", validUntil: "2027-05-01" },
        cholHamoed: [{ from: "09:00", to: "23:00" }],
      },
    });
    expect(pesachPlansOf({ "2027": { status: "open" } })).toBeNull();
    expect(pesachPlansOf({ next: { status: "closed" } })).toBeNull();
    expect(pesachPlansOf({ "2027": { status: "closed", certificate: { body: "tzohar" } } })).toBeNull();
    expect(pesachPlansOf({ "2027": { status: "kosher", certificate: { body: "someone" } } })).toBeNull();
    expect(pesachPlansOf({ "2027": { status: "kosher", cholHamoed: [{ from: "25:00", to: "10:00" }] } })).toBeNull();
    expect(pesachPlansOf({ "2027": { status: "kosher", kitniyot: "yes" } })).toBeNull();
    expect(pesachPlansOf([])).toBeNull();
  });
});

describe("Pesach's days in the hours (pesachExceptions)", () => {
  const week = ["2027-04-22", "2027-04-23", "2027-04-24", "2027-04-25", "2027-04-26", "2027-04-27", "2027-04-28"];
  it("closes every day of Pesach for a restaurant closed during it", () => {
    expect(pesachExceptions({ "2027": { status: "closed" } }, SEASON)).toEqual(
      Object.fromEntries(week.map((day) => [day, []])),
    );
  });

  it("gives each day of Chol HaMoed its own hours when the plan has them, and nothing else changes", () => {
    const ranges = [{ from: "10:00", to: "16:00" }];
    expect(pesachExceptions({ "2027": { status: "kosher", cholHamoed: ranges } }, SEASON)).toEqual(
      Object.fromEntries(week.slice(1, 6).map((day) => [day, ranges])),
    );
    expect(pesachExceptions({ "2027": { status: "not_kosher" } }, SEASON)).toBeUndefined();
  });

  it("is nothing out of season, or for another year's plan", () => {
    expect(pesachExceptions({ "2027": { status: "closed" } }, null)).toBeUndefined();
    expect(pesachExceptions({ "2028": { status: "closed" } }, SEASON)).toBeUndefined();
  });
});
