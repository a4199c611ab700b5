// The sitemap at the size of a large directory: the table a page at a time, and
// crawlers' files in a sitemap index, both read a block of restaurants at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSitemapFile, loadSitemapPage, loadSitemapXml } from "../../app/features/sitemap/queries.server";
import { buildSitemapRows, SITEMAP_PAGE_ROWS, type SitemapRow } from "../../app/features/sitemap/rows";
import { loader as sitemapFileLoader } from "../../app/routes/sitemap-file";
import { loader as sitemapPageLoader } from "../../app/routes/sitemap";
import { buildBlog, buildRestaurant } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import { restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute } from "../setup/routes";
import { createServices } from "../setup/services";

let database: TestDatabase;
const NOW = new Date("2026-11-25T10:00:00Z");
const COUNT = 230; // 11 + 460 + 3 = 474 rows: three pages of 200
let all: SitemapRow[];

beforeAll(async () => {
  database = await createTestDatabase();
  // Inserted out of slug order, so only the query's order makes the pages.
  const list = Array.from({ length: COUNT }, (_, i) =>
    buildRestaurant({ slug: `place-${String((i * 7) % COUNT).padStart(3, "0")}` }),
  );
  await database.db.insert(restaurants).values(list);
  await database.db
    .insert(blogs)
    .values([buildBlog({ slug: "one" }), buildBlog({ slug: "two" }), buildBlog({ slug: null })]);
  const rows = await database.db.select().from(restaurants);
  const posts = await database.db.select().from(blogs);
  all = buildSitemapRows({
    today: "2026-11-25",
    restaurants: rows
      .map((r) => ({ slug: r.slug, lastVerified: r.last_verified ?? undefined, updatedAt: r.updated_at }))
      .sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    blogs: posts.sort((a, b) => a.date.getTime() - b.date.getTime() || (a.id < b.id ? -1 : 1)),
  });
});
afterAll(async () => {
  await database?.destroy();
});

describe("the sitemap table, a page at a time", () => {
  it("pages hold 200 rows each, and together every row of the whole sitemap in its order", async () => {
    const first = await loadSitemapPage(database.db, 1, NOW);
    expect(first).toMatchObject({ page: 1, pages: 3 });
    expect(first.rows).toHaveLength(SITEMAP_PAGE_ROWS);
    const rest = await Promise.all([2, 3].map((page) => loadSitemapPage(database.db, page, NOW)));
    expect([...first.rows, ...rest.flatMap((page) => page.rows)]).toEqual(all);
  });

  it("the page's route reads ?page, and a page past the last, or not a number, is a page that exists", async () => {
    const services = createServices(database.db);
    const second = await callRoute(sitemapPageLoader, services, "/sitemap?page=2");
    expect(second.data).toMatchObject({ page: 2, pages: 3 });
    expect((second.data as { rows: SitemapRow[] }).rows[0]).toEqual(all[200]);
    expect((await callRoute(sitemapPageLoader, services, "/he/sitemap?page=999")).data).toMatchObject({ page: 3 });
    expect((await callRoute(sitemapPageLoader, services, "/sitemap?page=abc")).data).toMatchObject({ page: 1 });
  });
});

describe("sitemap.xml for a large directory", () => {
  const perFile = 100;

  it("is one file of every public URL while the directory fits in one", async () => {
    const xml = await loadSitemapXml(database.db, "https://kosher.example", { now: NOW });
    expect(xml).toContain("<urlset");
    expect(xml.match(/<url>/g)).toHaveLength(all.filter((row) => !row.private).length);
  });

  it("past one file, is a sitemap index whose files hold every public URL once", async () => {
    const index = await loadSitemapXml(database.db, "https://kosher.example", { now: NOW, perFile });
    expect(index).toContain("<sitemapindex");
    const names = [...index.matchAll(/<loc>https:\/\/kosher\.example\/sitemaps\/([a-z0-9-]+)\.xml<\/loc>/g)].map(
      (match) => match[1]!,
    );
    expect(names).toEqual(["pages", "restaurants-1", "restaurants-2", "restaurants-3"]);
    const locs: string[] = [];
    for (const name of names) {
      const file = await loadSitemapFile(database.db, name, "https://kosher.example", { now: NOW, perFile });
      expect(file, name).toContain("<urlset");
      locs.push(...[...file!.matchAll(/<loc>https:\/\/kosher\.example([^<]*)<\/loc>/g)].map((match) => match[1]!));
    }
    expect(locs.sort()).toEqual(
      all
        .filter((row) => !row.private)
        .map((row) => row.path)
        .sort(),
    );
    const second = await loadSitemapFile(database.db, "restaurants-2", "https://kosher.example", { now: NOW, perFile });
    expect(second!.match(/<url>/g)).toHaveLength(perFile * 2);
  });

  it("a file that is not in the index is not there: a plain 404 from its route", async () => {
    expect(await loadSitemapFile(database.db, "restaurants-4", "https://kosher.example", { perFile })).toBeUndefined();
    expect(await loadSitemapFile(database.db, "restaurants-0", "https://kosher.example", { perFile })).toBeUndefined();
    // At this size the directory is one file: the index's files do not exist.
    const services = createServices(database.db);
    for (const file of ["restaurants-1.xml", "pages.xml", "pages", "../etc.xml"]) {
      expect(
        (await callRoute(sitemapFileLoader, services, `/sitemaps/${file}`, { params: { file } })).status,
        file,
      ).toBe(404);
    }
  });
});
