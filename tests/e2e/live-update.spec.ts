// A restaurant page open in the browser shows a change made to the database by someone else,
// without a reload. The test runs the built server in this worker on a database it holds, so it
// can change a restaurant directly, as another process would.
import { expect, test } from "./fixtures";
import { eq } from "drizzle-orm";
import { buildRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { startInProcess, type InProcessServer } from "./in-process";
import { expectNoSeriousA11yViolations } from "./axe";

let server: InProcessServer;
let database: InProcessServer["database"];
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startInProcess({ demoData: false });
  ({ database, baseUrl } = server);
});

test.afterAll(async () => {
  await server?.stop();
});

test("an update to the restaurant appears on the open page without a reload", async ({ page }) => {
  const [row] = await database.db
    .insert(restaurants)
    .values(buildRestaurant({ slug: "live-cafe", name_en: "Live Cafe", name_he: "קפה חי", opening_hours: "Sun 9-17" }))
    .returning();
  await page.goto(`${baseUrl}/he/restaurant/live-cafe`);
  await expect(page.getByRole("heading", { level: 1, name: "קפה חי" })).toBeVisible();
  // Mark the document: a reload would lose the mark.
  await page.evaluate(() => document.body.setAttribute("data-test-session", "kept"));
  await page.waitForLoadState("networkidle");

  await database.db
    .update(restaurants)
    .set({ name_he: "קפה חי ומעודכן", is_permanently_closed: true })
    .where(eq(restaurants.id, row!.id));

  await expect(page.getByRole("heading", { level: 1, name: "קפה חי ומעודכן" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("closed-notice")).toBeVisible();
  await expect(page.locator("body")).toHaveAttribute("data-test-session", "kept");
  await expect(page.getByRole("status").filter({ hasText: "הדף עודכן זה עתה." })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // A rename moves the open page to the new address.
  await database.db.update(restaurants).set({ slug: "live-cafe-renamed" }).where(eq(restaurants.id, row!.id));
  await expect(page).toHaveURL(/\/he\/restaurant\/live-cafe-renamed$/, { timeout: 10_000 });
  await expect(page.locator("body")).toHaveAttribute("data-test-session", "kept");
});
