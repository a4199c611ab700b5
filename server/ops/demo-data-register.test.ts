import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  matchEntries,
  parseRegisterFile,
  type ListingForMatch,
} from "../../app/features/restaurants/register/index.server";
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

// The example files the README offers for trying the register on the demo data: they must stay true to it.
describe("the register's example files (docs/examples) against the demo listings", () => {
  const demoListings = async (): Promise<(ListingForMatch & { slug: string })[]> =>
    (await buildDemoRows(media)).map((row, i) => ({
      id: `demo-${i}`,
      slug: row.slug,
      nameEn: row.name_en,
      nameHe: row.name_he ?? "",
      address: row.address,
      addressHe: row.address_he ?? "",
      phone: row.phone_number ?? "",
      certificateBody: row.certificate_body ?? null,
    }));

  it("the register pairs exactly with the demo's Rabbinate listings and has two places to eat to suggest", async () => {
    const listings = await demoListings();
    const register = parseRegisterFile("demo-register.csv", readFileSync("docs/examples/demo-register.csv"));
    expect(register).toMatchObject({ shape: "scraperCsv", list: "register" });
    const matches = matchEntries(register.entries, listings);
    const paired = matches.filter((match) => match.grade === "exact");
    expect(paired).toHaveLength(10);
    for (const match of paired)
      expect(listings.find((listing) => listing.id === match.restaurantId)?.certificateBody).toBe("rabbinate_tel_aviv");
    const fresh = register.entries.filter((_, i) => matches[i]!.grade === "new");
    expect(fresh.map((entry) => [entry.name, entry.eatery])).toEqual([
      ["קפה השכונה", true],
      ["מזנון גבאי", true],
      ["מאפיית הדרום", false],
    ]);
    expect(new Set(register.entries.map((entry) => entry.validUntil))).toEqual(new Set(["2027-04-20"]));
  });

  it("the revoked list names one demo listing", async () => {
    const listings = await demoListings();
    const revoked = parseRegisterFile("demo-revoked.csv", readFileSync("docs/examples/demo-revoked.csv"));
    expect(revoked).toMatchObject({ shape: "revokedList", list: "revoked" });
    const [match] = matchEntries(revoked.entries, listings);
    expect(match?.grade).toBe("exact");
    expect(listings.find((listing) => listing.id === match?.restaurantId)?.slug).toBe("burger-dunes");
  });
});
