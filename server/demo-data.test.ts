import { describe, expect, it } from "vitest";
import { slugFromName } from "../app/features/restaurants/mapping";
import { parseWeeklyHours } from "../app/features/restaurants/hours-schema";
import { buildDemoRows, type DemoMedia } from "./demo-data";

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
