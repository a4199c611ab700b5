// A listing's address and hours note in the page's language: Hebrew pages show the Hebrew address
// when the listing gives one, and the English otherwise, marked as English and isolated. Its own
// server and database (demo data: most listings give a Hebrew address, every fifth does not).
import { isNull, isNotNull, and, eq } from "drizzle-orm";
import { restaurants } from "../../database/schema/restaurants";
import { expect, test } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: true });
  base = server.baseUrl;
});
test.afterAll(async () => {
  await server?.stop();
});

test("a Hebrew page shows the Hebrew address and note, or the English marked and isolated; an English page the English", async ({
  page,
}) => {
  const db = server.database.db;
  const open = eq(restaurants.is_permanently_closed, false);
  const [hebrew] = await db
    .select()
    .from(restaurants)
    .where(and(open, isNotNull(restaurants.address_he)))
    .limit(1);
  const [english] = await db
    .select()
    .from(restaurants)
    .where(and(open, isNull(restaurants.address_he)))
    .limit(1);
  // A Hebrew hours note for the first; the second keeps its English one.
  await db.update(restaurants).set({ opening_hours_he: "בשישי עד 14:00" }).where(eq(restaurants.id, hebrew!.id));

  await page.goto(`${base}/he/restaurant/${hebrew!.slug}`);
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.locator('bdi[lang="he"]')).toHaveText(hebrew!.address_he!);
  await expect(page.getByText(hebrew!.address_he!)).toHaveCount(2); // the header and the contact box
  await expect(page.getByText(hebrew!.address, { exact: true })).toHaveCount(0);
  await expect(page.locator('bdi[lang="he"]', { hasText: "בשישי עד 14:00" })).toBeVisible();

  await page.goto(`${base}/he/restaurant/${english!.slug}`);
  const fallback = page.locator("header").locator('bdi[lang="en"][dir="auto"]');
  await expect(fallback).toHaveText(english!.address);
  if (english!.opening_hours) await expect(page.locator('dd bdi[lang="en"][dir="auto"]').first()).toBeVisible();

  await page.goto(`${base}/en/restaurant/${hebrew!.slug}`);
  await expect(page.locator("header").locator('bdi[lang="en"]')).toHaveText(hebrew!.address);
  await expect(page.getByText(hebrew!.address_he!)).toHaveCount(0);
});
