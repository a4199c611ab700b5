import { describe, expect, it } from "vitest";
import { KASHRUT_VALUES } from "../../app/features/restaurants/core/constants";
import { slugFromName } from "../../app/features/restaurants/core/mapping";
import { parseWeeklyHours } from "../../app/features/restaurants/hours/hours-schema";
import { alongStreet, buildDemoRows, DEMO_HISTORY, demoKosherKind, type DemoMedia } from "./demo-data";
import { deriveKashrut } from "../../app/features/restaurants/core/kashrut-model";
import { coordinatesFromLink, inIsrael } from "../../app/features/restaurants/core/location";

// Stand-ins for the generated pictures and menus: the rows are built without a database or files.
const media: DemoMedia = {
  photo: async (_rand, width, height, kind = "photo") => `/uploads/${kind}-${width}x${height}.webp`,
  pdf: async (title) => `/uploads/${encodeURIComponent(title)}.pdf`,
  menuImages: async () => [{ url: "/uploads/menu.webp", name: "menu-page-1.webp", type: "image/webp" }],
};

describe("demo restaurant rows", () => {
  it("use the app's slug for every English name, so saving a demo listing unchanged keeps its address", async () => {
    const rows = await buildDemoRows(media);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) expect(row.slug, row.name_en).toBe(slugFromName(row.name_en));
    expect(rows.find((row) => row.name_en === "Morning Glory Café")?.slug).toBe("morning-glory-cafe");
  });

  it("give every listing a certificate that its kashrut is read from (ADR 032), and meat/dairy/parve where the tags say", async () => {
    const rows = await buildDemoRows(media);
    for (const row of rows) {
      expect(row.kashrut, row.name_en).toBe(deriveKashrut(row.certificate_body, row.certificate_level));
      if (row.kashrut !== "unknown") expect(row.certificate_body, row.name_en).not.toBeNull();
    }
    expect(new Set(rows.map((row) => row.kosher_kind))).toEqual(new Set(["meat", "dairy", "parve", null]));
    for (const row of rows.filter((row) => row.kosher_kind === "meat")) expect(row.tags).toContain("Meat");
    expect(demoKosherKind(["Meat", "Dairy"])).toBeNull();
  });

  it("give most listings a Hebrew address; every fifth keeps only the English (Hebrew pages fall back to it)", async () => {
    const rows = await buildDemoRows(media);
    const hebrew = rows.filter((row) => row.address_he);
    expect(hebrew.length).toBeGreaterThanOrEqual(Math.floor(rows.length * 0.75));
    expect(hebrew.length).toBeLessThan(rows.length);
    for (const row of hebrew) expect(row.address_he).toMatch(/[\u0590-\u05FF]/);
  });

  it("have unique slugs", async () => {
    const slugs = (await buildDemoRows(media)).map((row) => row.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("have valid structured hours: closed on Shabbat unless the kashrut is unknown, one place open past midnight", async () => {
    const rows = await buildDemoRows(media);
    for (const row of rows) {
      expect(parseWeeklyHours(row.hours).ok, row.name_en).toBe(true);
      expect(row.hours?.closedOnShabbat, row.name_en).toBe(row.kashrut !== "unknown");
    }
    expect(rows.some((row) => row.hours?.days.some((day) => day.some((range) => range.to < range.from)))).toBe(true);
    expect(rows.some((row) => row.hours?.beforeRest.kind === "fixed" && row.hours.beforeRest.time === "15:00")).toBe(
      true,
    );
  });

  it("give most listings practical facts, so each home filter finds some and misses some", async () => {
    const rows = await buildDemoRows(media);
    const share = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length;
    expect(share((row) => row.price_level != null)).toBeGreaterThan(0.6);
    for (const level of [1, 2, 3, 4])
      expect(
        rows.some((row) => row.price_level === level),
        `level ${level}`,
      ).toBe(true);
    for (const flag of ["delivery", "takeaway", "catering"] as const)
      expect(
        share((row) => row[flag] === true),
        flag,
      ).toBeGreaterThan(0.15);
    for (const flag of ["delivery", "takeaway", "catering"] as const)
      expect(
        share((row) => row[flag] === true),
        flag,
      ).toBeLessThan(0.85);
    for (const access of ["yes", "partly", "no"])
      expect(
        rows.some((row) => row.wheelchair === access),
        access,
      ).toBe(true);
    // The Takeaway tag and the takeaway fact agree.
    for (const row of rows.filter((r) => r.tags?.includes("Takeaway"))) expect(row.takeaway, row.name_en).toBe(true);
  });
});

describe("demo history", () => {
  it("tells the past of 3 to 5 demo listings, oldest first, over the last months, each change a change", async () => {
    const rows = await buildDemoRows(media);
    const histories = Object.entries(DEMO_HISTORY);
    expect(histories.length).toBeGreaterThanOrEqual(3);
    expect(histories.length).toBeLessThanOrEqual(5);
    for (const [slug, events] of histories) {
      const row = rows.find((candidate) => candidate.slug === slug);
      expect(row, slug).toBeDefined();
      // Verified in its history only, so the page's "last verified" is the newest verification there.
      expect(row?.last_verified ?? null, slug).toBeNull();
      const days = events.map((event) => event.daysAgo);
      expect(days, slug).toEqual([...days].sort((a, b) => b - a));
      expect(new Set(days).size, slug).toBe(days.length);
      for (const day of days) expect(day > 0 && day < 365, `${slug}: ${day}`).toBe(true);
      let { kashrut, is_permanently_closed: closed } = row ?? {};
      for (const event of events) {
        if ("kashrut" in event) {
          // Never from or to "unknown": the listing's Shabbat rule follows the kashrut being known.
          expect(
            kashrut === "unknown" || event.kashrut === kashrut,
            `${slug}: kashrut ${kashrut} to ${event.kashrut}`,
          ).toBe(false);
          kashrut = event.kashrut;
        }
        if ("closed" in event) {
          expect(event.closed, `${slug}: closed ${closed} to ${event.closed}`).not.toBe(closed);
          closed = event.closed;
        }
      }
      expect(
        events.some((event) => "verified" in event),
        slug,
      ).toBe(true);
    }
    // Authorities change hands, not numbers: the home's kashrut filters still find ten of each (the browser suite counts them).
    const count = (kashruts: string[]) =>
      Object.fromEntries(KASHRUT_VALUES.map((value) => [value, kashruts.filter((k) => k === value).length]));
    const after = rows.map((row) => {
      const changes = (DEMO_HISTORY[row.slug] ?? []).flatMap((event) => ("kashrut" in event ? [event.kashrut] : []));
      return changes.at(-1) ?? row.kashrut;
    });
    expect(count(after)).toEqual(count(rows.map((row) => row.kashrut)));
    const all = histories.flatMap(([, events]) => events);
    expect(all.some((event) => "kashrut" in event)).toBe(true);
    expect(all.some((event) => "closed" in event && event.closed)).toBe(true);
    expect(all.some((event) => "closed" in event && !event.closed)).toBe(true);
  });
});

describe("demo restaurant locations", () => {
  it("put every demo restaurant inside Tel Aviv, on its street, the form's rules agreeing", async () => {
    const rows = await buildDemoRows(media);
    for (const row of rows) {
      const place = { lat: row.latitude ?? NaN, lng: row.longitude ?? NaN };
      // Tel Aviv between Jaffa's north edge and the Yarkon, from the sea to Ibn Gabirol.
      expect(place.lat, row.name_en).toBeGreaterThan(32.055);
      expect(place.lat, row.name_en).toBeLessThan(32.1);
      expect(place.lng, row.name_en).toBeGreaterThan(34.765);
      expect(place.lng, row.name_en).toBeLessThan(34.79);
      expect(inIsrael(place)).toBe(true);
    }
    // Two restaurants on one street are near each other; on streets across town, farther apart.
    const street = (name: string) => rows.filter((row) => row.address.includes(name));
    const onDizengoff = street("Dizengoff St");
    expect(onDizengoff.length).toBeGreaterThan(1);
    for (const row of onDizengoff) expect(Math.abs((row.longitude ?? 0) - 34.776)).toBeLessThan(0.003);
  });

  it("keep house numbers on the street's length and place them between its knots", () => {
    const knots: [number, number, number][] = [
      [1, 32.0, 34.0],
      [101, 32.01, 34.01],
    ];
    // 51 is half-way from 1 to 101, on the odd side.
    const middle = alongStreet(knots, 51);
    expect(middle.lat).toBeCloseTo(32.005 - 0.00006, 5);
    expect(middle.lng).toBeCloseTo(34.005 - 0.00006, 5);
    // Past the last knot: at the street's end.
    expect(alongStreet(knots, 500).lat).toBeCloseTo(32.01 + 0.00006, 5);
  });

  it("give half of the navigation links the coordinates, which the link parser reads back", async () => {
    const rows = await buildDemoRows(media);
    const withPin = rows.filter((row) => row.waze_link && coordinatesFromLink(row.waze_link));
    expect(withPin.length).toBeGreaterThan(10);
    for (const row of withPin)
      expect(coordinatesFromLink(row.waze_link ?? "")).toEqual({ lat: row.latitude, lng: row.longitude });
    expect(rows.some((row) => row.waze_link && !coordinatesFromLink(row.waze_link))).toBe(true);
  });
});
