import { describe, expect, it } from "vitest";
import { slugFromName } from "../app/features/restaurants/mapping";
import { parseWeeklyHours } from "../app/features/restaurants/hours-schema";
import { alongStreet, buildDemoRows, type DemoMedia } from "./demo-data";
import { coordinatesFromLink, inIsrael } from "../app/features/restaurants/location";

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
    expect(rows.some((row) => row.hours?.beforeRest.kind === "fixed" && row.hours.beforeRest.time === "15:00")).toBe(true);
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
    const knots: [number, number, number][] = [[1, 32.0, 34.0], [101, 32.01, 34.01]];
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
    for (const row of withPin) expect(coordinatesFromLink(row.waze_link ?? "")).toEqual({ lat: row.latitude, lng: row.longitude });
    expect(rows.some((row) => row.waze_link && !coordinatesFromLink(row.waze_link))).toBe(true);
  });
});
