import { describe, expect, it } from "vitest";
import { matchEntries, type ListingForMatch } from "../../app/features/restaurants/register/index.server";
import { buildMatchFixture } from "../../tests/fixtures/register/match-fixture";
import { buildDemoRows, type DemoMedia } from "./demo-data";

// Stand-ins for the generated pictures and menus: the rows are built without a database or files.
const media: DemoMedia = {
  photo: async (_rand, width, height, kind = "photo") => `/uploads/${kind}-${width}x${height}.webp`,
  pdf: async (title) => `/uploads/${encodeURIComponent(title)}.pdf`,
  menuImages: async () => [],
};

/** The demo's streets in Hebrew, for the listings that give their address in English only. */
const STREETS_HE: Record<string, string> = {
  "Dizengoff St": "דיזינגוף",
  "Ibn Gabirol St": "אבן גבירול",
  "Rothschild Blvd": "שדרות רוטשילד",
  "Allenby St": "אלנבי",
  "Ben Yehuda St": "בן יהודה",
  "Shenkin St": "שינקין",
  "HaYarkon St": "הירקון",
  "King George St": "המלך ג'ורג'",
};

describe("the demo listings as the register would write them", () => {
  it("pair with their listings among the real register's rows and generated listings", async () => {
    const demo: ListingForMatch[] = (await buildDemoRows(media)).map((row, i) => ({
      id: `demo-${i}`,
      nameEn: row.name_en,
      nameHe: row.name_he ?? "",
      address: row.address,
      addressHe: row.address_he ?? "",
      phone: row.phone_number ?? "",
      certificateBody: row.certificate_body ?? null,
    }));
    const fixture = buildMatchFixture({
      demo,
      demoStreetHe: (address) => STREETS_HE[address.replace(/^\d+\s+/, "").replace(/, Tel Aviv$/, "")] ?? null,
    });
    fixture.listings.push(...demo);
    const demoCases = fixture.expected.filter((expected) => expected.restaurantId?.startsWith("demo-"));
    // Every demo listing with a Hebrew name is written in one of the register's ways, English-only addresses too.
    expect(demoCases.length).toBe(demo.filter((listing) => listing.nameHe).length);
    expect(new Set(demoCases.map((expected) => expected.kind))).toEqual(
      new Set(["same", "branch", "noise", "bilingual", "spelling", "englishAddress"]),
    );
    const matches = matchEntries(fixture.entries, fixture.listings);
    const wrong = fixture.expected.filter((expected) => {
      const match = matches[expected.position];
      return match?.grade !== expected.grade || match.restaurantId !== expected.restaurantId;
    });
    expect(wrong.map((expected) => ({ ...expected, got: matches[expected.position] }))).toEqual([]);
  });
});
