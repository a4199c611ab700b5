import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { rowToRestaurant } from "../core/mapping";
import { practicalLabels, practicalStructuredData } from "./page.server";
import { priceSigns, servicesOf } from "../core/practical";

const r = (overrides: Parameters<typeof buildRestaurantRow>[0]) => rowToRestaurant(buildRestaurantRow(overrides));

describe("the practical facts' structured data", () => {
  it("gives the price range in shekel signs and the known services and wheelchair access as amenities", () => {
    expect(practicalStructuredData(r({ price_level: 3, delivery: true, catering: true, wheelchair: "yes" }))).toEqual({
      priceRange: "₪₪₪",
      amenityFeature: [
        { "@type": "LocationFeatureSpecification", name: "Delivery", value: true },
        { "@type": "LocationFeatureSpecification", name: "Catering", value: true },
        { "@type": "LocationFeatureSpecification", name: "Wheelchair accessible", value: true },
      ],
    });
    for (const level of [1, 2, 4] as const)
      expect(practicalStructuredData(r({ price_level: level }))).toEqual({ priceRange: "₪".repeat(level) });
    expect(practicalStructuredData(r({ takeaway: true, wheelchair: "no" }))).toEqual({
      amenityFeature: [
        { "@type": "LocationFeatureSpecification", name: "Takeaway", value: true },
        { "@type": "LocationFeatureSpecification", name: "Wheelchair accessible", value: false },
      ],
    });
  });

  it("says nothing of what is not known, nor of 'partly' accessible (neither true nor false)", () => {
    expect(practicalStructuredData(r({ wheelchair: "partly" }))).toEqual({});
    expect(practicalStructuredData(r({}))).toEqual({});
  });

  it("writes a level as that many shekel signs, and lists the services in their order", () => {
    expect([1, 2, 3, 4].map((level) => priceSigns(level as 1 | 2 | 3 | 4))).toEqual(["₪", "₪₪", "₪₪₪", "₪₪₪₪"]);
    expect(servicesOf(r({ catering: true, delivery: true }))).toEqual(["delivery", "catering"]);
  });
});

describe("the restaurant page's badges", () => {
  it("word the price, the services and the access in the page's language, in order; nothing when nothing is known", async () => {
    await import("../../../lib/i18n/all-messages.server");
    const { translator } = await import("../../../lib/i18n/messages");
    const facts = r({ price_level: 2, takeaway: true, delivery: true, wheelchair: "partly" });
    expect(practicalLabels(facts, translator("en"))).toEqual([
      "Price: ₪₪",
      "Delivery",
      "Takeaway",
      "Partly wheelchair accessible",
    ]);
    expect(practicalLabels(facts, translator("he"))).toEqual(["מחיר: ₪₪", "משלוחים", "טייק אוויי", "נגישות חלקית"]);
    expect(practicalLabels(r({ wheelchair: "no", catering: true }), translator("en"))).toEqual([
      "Catering",
      "Not wheelchair accessible",
    ]);
    expect(practicalLabels(r({ wheelchair: "yes" }), translator("he"))).toEqual(["נגיש לכיסאות גלגלים"]);
    expect(practicalLabels(r({}), translator("en"))).toEqual([]);
  });
});
