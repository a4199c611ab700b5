import { describe, expect, it } from "vitest";
import { buildSitemapRows, sitemapXml } from "./rows";

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
      "/dashboard": 0.6,
      "/dashboard/add": 0.5,
      "/dashboard/users": 0.5,
      "/dashboard/blog/add": 0.5,
    });
  });

  it("list every restaurant in English and Hebrew, weekly, 0.7, by the later of its last change and last verification", () => {
    expect(row("/en/restaurant/olive-grill")).toMatchObject({ lastModified: "2026-05-01", changeFrequency: "weekly", priority: 0.7 });
    expect(row("/he/restaurant/olive-grill")).toMatchObject({ lastModified: "2026-05-01", changeFrequency: "weekly", priority: 0.7 });
    expect(row("/en/restaurant/never-verified")?.lastModified).toBe("2026-06-07");
    expect(row("/he/restaurant/verified-after-change")?.lastModified).toBe("2026-09-10");
  });

  it("list every blog post by slug, or by id without one, monthly, 0.7", () => {
    expect(row("/blog/s/top-5")).toMatchObject({ lastModified: "2024-01-05", changeFrequency: "monthly", priority: 0.7 });
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
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="he" href="https://kosher.example/he/restaurant/olive-grill"/>');
    expect(xml).not.toContain("/dashboard");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
