// One kashrut model (ADR 032) in a real browser, in English and Hebrew: the restaurant form's one
// "Kashrut" group (the body, level, number, date and meat/dairy/parve; the site's value said, not
// chosen), saved and shown on the public page; the home page's Rabanut filter still keeping only
// Rabanut; and the admins' "Kashrut to settle", reached from the dashboard, with and without
// JavaScript. Its own server and database (demo data), since it writes disagreements in.
import { eq, inArray } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { kashrutDisagreements } from "../../database/schema/register";
import { restaurants } from "../../database/schema/restaurants";
import { expectNoSeriousA11yViolations } from "./axe";
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

const cards = (page: Page) => page.getByRole("region", { name: /^(Restaurants|מסעדות)$/ }).getByRole("listitem");
const rowOf = async (id: string) =>
  (await server.database.db.select().from(restaurants).where(eq(restaurants.id, id)))[0]!;
const openListing = async (kashrut: string) => {
  const rows = await server.database.db.select().from(restaurants).where(eq(restaurants.kashrut, kashrut));
  return rows.find((row) => !row.is_permanently_closed)!;
};

test("the form's one Kashrut group: the body and level say what the site shows; saved, the page shows it (English)", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin", { server });
  const listing = await openListing("unknown");
  await page.goto(`${base}/dashboard/edit/${listing.id}`);
  const group = page.getByRole("group", { name: "Kashrut", exact: true });
  // No separate kashrut select: the site's value follows from the certificate.
  await expect(page.getByLabel("Kashrut", { exact: true })).toHaveCount(0);
  await expect(group.getByLabel("Supervising body")).toHaveValue("");
  await expect(group.getByLabel("Supervising body").locator("option:checked")).toHaveText("Unknown");
  await expect(group.getByTestId("kashrut-derived")).toHaveText("Shown on the site as: Unknown");
  // Every field is there from the start (nothing appears only with JavaScript).
  await expect(group.getByLabel("Valid until")).toBeVisible();
  await expect(group.getByLabel("Meat, dairy or parve")).toBeVisible();

  await group.getByLabel("Supervising body").selectOption("rabbinate_tel_aviv");
  await expect(group.getByTestId("kashrut-derived")).toHaveText("Shown on the site as: Rabanut");
  await group.getByLabel("Level").selectOption("mehadrin");
  await expect(group.getByTestId("kashrut-derived")).toHaveText("Shown on the site as: Mehadrin");
  await group.getByLabel("Certificate number (optional)").fill("TA-9001");
  await group.getByLabel("Valid until").fill("2099-04-20");
  await group.getByLabel("Meat, dairy or parve").selectOption("dairy");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(page.getByText("Restaurant updated successfully")).toBeVisible();

  const saved = await rowOf(listing.id);
  expect([saved.kashrut, saved.certificate_body, saved.certificate_level, saved.kosher_kind]).toEqual([
    "mehadrin",
    "rabbinate_tel_aviv",
    "mehadrin",
    "dairy",
  ]);
  await page.goto(`${base}/en/restaurant/${saved.slug}`);
  await expect(page.getByRole("main").getByText("Mehadrin", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("certificate")).toHaveAttribute("data-body", "rabbinate_tel_aviv");
});

test("the same group in Hebrew: 'None' takes the details away and reads Unknown; Tzohar is saved as Tzohar", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin", { server });
  const listing = await openListing("rabanut");
  await page.goto(`${base}/he/dashboard/edit/${listing.id}`);
  const group = page.getByRole("group", { name: "כשרות", exact: true });
  await expect(group.getByLabel("הגוף המשגיח")).toHaveValue("rabbinate_tel_aviv");
  await expect(group.getByTestId("kashrut-derived")).toHaveText("מוצג באתר כ: רבנות");
  await group.getByLabel("הגוף המשגיח").selectOption("none");
  await expect(group.getByTestId("kashrut-derived")).toHaveText("מוצג באתר כ: לא ידוע");
  await expect(group.getByLabel("בתוקף עד")).toHaveValue("");
  await group.getByLabel("הגוף המשגיח").selectOption("tzohar");
  await expect(group.getByTestId("kashrut-derived")).toHaveText("מוצג באתר כ: צהר");
  await group.getByLabel("בשרי, חלבי או פרווה").selectOption("meat");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "שמירת המסעדה" }).click();
  await expect(page.getByText("המסעדה עודכנה בהצלחה")).toBeVisible();
  const saved = await rowOf(listing.id);
  expect([saved.kashrut, saved.certificate_body, saved.kosher_kind]).toEqual(["tzohar", "tzohar", "meat"]);
});

test("the home page's Rabanut filter keeps only Rabanut listings, in English and Hebrew", async ({ page }) => {
  const rabanut = (
    await server.database.db.select().from(restaurants).where(eq(restaurants.kashrut, "rabanut"))
  ).filter((row) => !row.is_permanently_closed);
  expect(rabanut.length).toBeGreaterThan(0);
  for (const row of rabanut) expect(row.certificate_body).toBe("rabbinate_tel_aviv");
  await page.goto(`${base}/?kashrut=rabanut&show=480`);
  await expect(cards(page)).toHaveCount(rabanut.length);
  const badges = await cards(page)
    .locator("span", { hasText: /^(Rabanut|Mehadrin|Tzohar|Unknown)$/ })
    .allTextContents();
  expect(new Set(badges)).toEqual(new Set(["Rabanut"]));
  await page.goto(`${base}/he?kashrut=rabanut&show=480`);
  await expect(cards(page)).toHaveCount(rabanut.length);
  const hebrew = await cards(page)
    .locator("span", { hasText: /^(רבנות|מהדרין|צהר|לא ידוע)$/ })
    .allTextContents();
  expect(new Set(hebrew)).toEqual(new Set(["רבנות"]));
});

test("Kashrut to settle: reached from the dashboard, each choice settles one listing, in English and in Hebrew without JavaScript", async ({
  page,
  signedInAs,
  browser,
}) => {
  test.setTimeout(90_000);
  // Two listings whose two inputs disagree, as the migration left such listings.
  const db = server.database.db;
  const open = async (body: "badatz_beit_yosef" | "tzohar") =>
    (await db.select().from(restaurants).where(eq(restaurants.certificate_body, body))).find(
      (row) => !row.is_permanently_closed,
    );
  const first = await open("badatz_beit_yosef");
  const second = await open("tzohar");
  await db
    .update(restaurants)
    .set({ kashrut: "rabanut" })
    .where(inArray(restaurants.id, [first!.id, second!.id]));
  await db.insert(kashrutDisagreements).values(
    [first!, second!].map((row) => ({
      restaurant_id: row.id,
      kashrut: "rabanut",
      certificate_body: row.certificate_body,
      certificate_level: row.certificate_level,
    })),
  );

  await signedInAs("admin", { server });
  await page.goto(`${base}/dashboard`);
  await page.getByRole("link", { name: /^Kashrut to settle/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kashrut to settle" })).toBeVisible();
  const rows = page.getByTestId("disagreement-row");
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: first!.name_en });
  await expect(row.getByTestId("disagreement-stored")).toHaveText("Rabanut");
  await expect(row.getByTestId("disagreement-certificate")).toContainText("(reads as Mehadrin)");
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("button", { name: "Keep the certificate: Mehadrin" }).click();
  await expect(page.getByText("Settled. The listing's kashrut and certificate now agree.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect((await rowOf(first!.id)).kashrut).toBe("mehadrin");

  // The Hebrew page (axe runs with JavaScript), then its plain form without JavaScript: keep the
  // value; the certificate takes the Rabbinate's.
  await page.goto(`${base}/he/dashboard/kashrut`);
  await expect(rows.getByTestId("disagreement-certificate")).toContainText("משמעותה: צהר");
  await expectNoSeriousA11yViolations(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedInAs("admin", { server, context });
  const plain = await context.newPage();
  await plain.goto(`${base}/he/dashboard/kashrut`);
  await expect(plain.getByRole("heading", { level: 1, name: "כשרות ליישוב" })).toBeVisible();
  await plain.getByRole("button", { name: "להשאיר את ערך הכשרות: רבנות" }).click();
  await expect(plain.getByText("אין מה ליישב: הכשרות של כל הרשומות תואמת את התעודה שלהן.")).toBeVisible();
  const kept = await rowOf(second!.id);
  expect([kept.kashrut, kept.certificate_body, kept.certificate_level]).toEqual([
    "rabanut",
    "rabbinate_tel_aviv",
    "regular",
  ]);
  await context.close();
});
