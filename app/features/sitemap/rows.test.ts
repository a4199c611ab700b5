import { describe, expect, it } from "vitest";
import { buildSitemapRows, sitemapFiles, sitemapIndexXml, sitemapSlice, sitemapXml } from "./rows";

const rows = buildSitemapRows({
  today: "2026-11-22",
  restaurants: [
    { slug: "olive-grill", lastVerified: "2026-03-04", updatedAt: new Date("2026-05-01T10:00:00Z") },
    { slug: "never-verified", updatedAt: new Date("2026-06-07T10:00:00Z") },
    { slug: "verified-after-change", lastVerified: "2026-09-10", updatedAt: new Date("2026-05-01T10:00:00Z") },
  ],
  blogs: [
    { id: "b1", slug: "top-5", date: new Date("2024-01-05T09:00:00Z") },
    { id: "b2", slug: null, date: new Date("2024-02-01T09:00:00Z") },
  ],
});
const row = (path: string) => rows.find((r) => r.path === path);

describe("sitemap rows", () => {
  it("give static pages the spec's priorities", () => {
    expect(
      Object.fromEntries(
        [
          "/",
          "/he",
          "/blogs",
          "/login",
          "/signup",
          "/accessibility",
          "/privacy-policy",
          "/review-policy",
          "/dashboard",
          "/dashboard/add",
          "/dashboard/users",
          "/dashboard/blog/add",
        ].map((p) => [p, row(p)?.priority]),
      ),
    ).toEqual({
      "/": 1,
      "/he": 0.9,
      "/blogs": 0.8,
      "/login": 0.7,
      "/signup": 0.7,
      "/accessibility": 0.5,
      "/privacy-policy": 0.5,
      "/review-policy": 0.5,
      "/dashboard": 0.6,
      "/dashboard/add": 0.5,
      "/dashboard/users": 0.5,
      "/dashboard/blog/add": 0.5,
    });
  });

  it("list every restaurant in English and Hebrew, weekly, 0.7, by the later of its last change and last verification", () => {
    expect(row("/en/restaurant/olive-grill")).toMatchObject({
      lastModified: "2026-05-01",
      changeFrequency: "weekly",
      priority: 0.7,
    });
    expect(row("/he/restaurant/olive-grill")).toMatchObject({
      lastModified: "2026-05-01",
      changeFrequency: "weekly",
      priority: 0.7,
    });
    expect(row("/en/restaurant/never-verified")?.lastModified).toBe("2026-06-07");
    expect(row("/he/restaurant/verified-after-change")?.lastModified).toBe("2026-09-10");
  });

  it("list every blog post by slug, or by id without one, monthly, 0.7", () => {
    expect(row("/blog/s/top-5")).toMatchObject({
      lastModified: "2024-01-05",
      changeFrequency: "monthly",
      priority: 0.7,
    });
    expect(row("/blog/b2")).toMatchObject({ changeFrequency: "monthly", priority: 0.7 });
  });

  it("use yyyy-MM-dd dates throughout", () => {
    for (const r of rows) expect(r.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("sitemap.xml", () => {
  const xml = sitemapXml(rows, "https://kosher.example");
  it("offers crawlers public pages with language alternates, not the dashboard", () => {
    expect(xml).toContain("<loc>https://kosher.example/en/restaurant/olive-grill</loc>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="he" href="https://kosher.example/he/restaurant/olive-grill"/>',
    );
    expect(xml).not.toContain("/dashboard");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("a page of the sitemap table", () => {
  const counts = { statics: 11, restaurants: 100, blogs: 5 }; // 11 + 200 + 5 = 216 rows

  it("starts with the site's pages, then restaurants by slug, two rows each", () => {
    expect(sitemapSlice(counts, 1, 50)).toEqual({
      statics: [0, 11],
      restaurants: { offset: 0, limit: 20, skip: 0, take: 39 },
      blogs: { offset: 0, limit: 0 },
      page: 1,
      pages: 5,
    });
  });

  it("reads only the restaurants on the page, even when a restaurant's two rows fall on two pages", () => {
    // Rows 50-99: restaurant rows 39-88, i.e. restaurants 19 (its Hebrew row) to 44.
    expect(sitemapSlice(counts, 2, 50)).toMatchObject({
      statics: [11, 11],
      restaurants: { offset: 19, limit: 26, skip: 1, take: 50 },
      blogs: { limit: 0 },
    });
  });

  it("ends with the blog posts, and a page past the last is the last", () => {
    const last = sitemapSlice(counts, 99, 50);
    expect(last).toMatchObject({
      page: 5,
      restaurants: { offset: 94, limit: 6, skip: 1, take: 11 },
      blogs: { offset: 0, limit: 5 },
    });
    expect(sitemapSlice(counts, Number.NaN, 50).page).toBe(1);
    expect(sitemapSlice(counts, -3, 50).page).toBe(1);
  });

  it("covers every row exactly once across the pages", () => {
    const slices = Array.from({ length: sitemapSlice(counts, 1, 37).pages }, (_, i) => sitemapSlice(counts, i + 1, 37));
    const total = slices.reduce(
      (sum, s) => sum + (s.statics[1] - s.statics[0]) + s.restaurants.take + s.blogs.limit,
      0,
    );
    expect(total).toBe(216);
    expect(slices.every((s) => s.restaurants.skip + s.restaurants.take <= s.restaurants.limit * 2)).toBe(true);
  });

  it("an empty directory is one page of the site's pages", () => {
    expect(sitemapSlice({ statics: 11, restaurants: 0, blogs: 0 }, 1)).toMatchObject({
      statics: [0, 11],
      page: 1,
      pages: 1,
    });
  });
});

describe("a large directory's sitemap index", () => {
  it("names a file of pages and one file per block of restaurants", () => {
    expect(sitemapFiles(12_001, 5_000)).toEqual(["pages", "restaurants-1", "restaurants-2", "restaurants-3"]);
  });

  it("is a <sitemapindex> of absolute /sitemaps/ URLs with dates", () => {
    const xml = sitemapIndexXml([{ name: "restaurants-2", lastModified: "2026-11-20" }], "https://kosher.example");
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<loc>https://kosher.example/sitemaps/restaurants-2.xml</loc>\n    <lastmod>2026-11-20</lastmod>",
    );
  });
});
