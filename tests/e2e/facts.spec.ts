// The facts people filter by (ADR 024) in a real browser: an owner sets a listing's price level,
// services and wheelchair access in the restaurant form (English); the restaurant page shows them
// in Hebrew (and in its structured data); the home page's "Price & more" filters find it with and
// without JavaScript, in English and Hebrew; axe clean; nothing wider than 360 px.
//
// The listing: the demo's Golden Crust (server/ops/demo-data.ts demoPractical: ₪₪, delivery,
// takeaway, catering, not wheelchair accessible). It is set to ₪, takeaway and catering, fully
// accessible and no delivery: no other demo listing is at most ₪ with catering and full access,
// so those three filters together find it alone.
import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { reachForFilters } from "./search-index";

test.describe.configure({ mode: "serial" });

const SLUG = "golden-crust";
/** The listing's form, as the owner's dashboard links it (set by the first test). */
let editPath = "";
const cards = (page: Page) => page.getByRole("region", { name: /^(Restaurants|מסעדות)$/ }).getByRole("listitem");
const filters = (page: Page, label: string) =>
  page.locator("details").filter({ has: page.locator("summary", { hasText: label }) });

const WORDS = {
  en: {
    more: "Price & more",
    upTo: "Up to ₪",
    catering: "Catering",
    wheelchair: "Wheelchair accessible",
    apply: "Apply filters",
  },
  he: { more: "מחיר ועוד", upTo: "עד ₪", catering: "קייטרינג", wheelchair: "נגיש לכיסאות גלגלים", apply: "החלת סינון" },
} as const;

/** Chooses "up to ₪", catering and wheelchair accessible in the "Price & more" panel. */
async function chooseFacts(page: Page, language: "en" | "he"): Promise<void> {
  const words = WORDS[language];
  const panel = filters(page, words.more);
  await panel.locator("summary").click();
  await panel.getByLabel(words.upTo, { exact: true }).check();
  await panel.getByLabel(words.catering, { exact: true }).check();
  await panel.getByLabel(words.wheelchair, { exact: true }).check();
}

async function expectFound(page: Page): Promise<void> {
  await expect(page).toHaveURL(/price=1/);
  await expect(page).toHaveURL(/has=catering/);
  await expect(page).toHaveURL(/has=wheelchair/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(/Golden Crust|הקרום הזהוב/);
}

async function withoutJavaScript(browser: Browser, language: "en" | "he"): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(language === "he" ? "/he" : "/");
  await chooseFacts(page, language);
  // Closed again (as any of the filter panels), the panel uncovers the Apply button.
  await filters(page, WORDS[language].more).locator("summary").click();
  await page.getByRole("button", { name: WORDS[language].apply }).click();
  await expectFound(page);
  // The form shows what it applied.
  const panel = filters(page, WORDS[language].more);
  await panel.locator("summary").click();
  await expect(panel.getByLabel(WORDS[language].upTo, { exact: true })).toBeChecked();
  await expect(panel.getByLabel(WORDS[language].wheelchair, { exact: true })).toBeChecked();
  await context.close();
}

test("an owner sets the facts in the form, in English; they are saved", async ({ page, signedInAs }) => {
  await signedInAs("owner", { owns: [SLUG] });
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Edit Golden Crust" }).click();
  await page.waitForURL(/\/dashboard\/edit\//);
  editPath = new URL(page.url()).pathname;
  expect(editPath).toMatch(/^\/dashboard\/edit\/[\w-]+$/);
  const fieldset = page.getByRole("group", { name: "Price and services" });
  await expect(fieldset).toBeVisible();
  await fieldset.getByLabel("Price level").selectOption("1");
  await expect(fieldset.getByLabel("Price level").locator("option:checked")).toHaveText("₪ · inexpensive");
  await fieldset.getByLabel("Wheelchair access").selectOption("yes");
  const offers = fieldset.getByRole("group", { name: "Offers" });
  await offers.getByLabel("Delivery").setChecked(false);
  await offers.getByLabel("Takeaway").setChecked(true);
  await offers.getByLabel("Catering").setChecked(true);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(page.getByText("Restaurant updated successfully")).toBeVisible();

  // Opened again, the form holds them.
  await page.getByRole("link", { name: "Edit Golden Crust" }).click();
  await expect(page.getByRole("group", { name: "Price and services" }).getByLabel("Price level")).toHaveValue("1");
  await expect(page.getByRole("group", { name: "Offers" }).getByLabel("Delivery")).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Offers" }).getByLabel("Catering")).toBeChecked();
});

test("the restaurant page shows them in Hebrew, right to left, and gives them to search engines", async ({ page }) => {
  await page.goto(`/he/restaurant/${SLUG}`);
  const line = page.getByTestId("practical");
  await expect(line).toHaveText("מחיר: ₪ · טייק אוויי · קייטרינג · נגיש לכיסאות גלגלים");
  await expect(line).not.toContainText("משלוחים");
  expect(await line.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  const restaurant = data.find((item) => item["@type"] === "Restaurant")!;
  expect(restaurant.priceRange).toBe("₪");
  expect(restaurant.amenityFeature).toEqual([
    { "@type": "LocationFeatureSpecification", name: "Takeaway", value: true },
    { "@type": "LocationFeatureSpecification", name: "Catering", value: true },
    { "@type": "LocationFeatureSpecification", name: "Wheelchair accessible", value: true },
  ]);
  await expectNoSeriousA11yViolations(page);
});

test("the home filters find it with JavaScript, in English and Hebrew, and the URL keeps them", async ({ page }) => {
  for (const language of ["en", "he"] as const) {
    await page.goto(language === "he" ? "/he" : "/");
    await reachForFilters(page);
    const all = await cards(page).count();
    await chooseFacts(page, language);
    await expectFound(page);
    expect(all).toBeGreaterThan(1);
    await expectNoSeriousA11yViolations(page);
    // Shared and reloaded, the server renders the same.
    await page.reload();
    await expectFound(page);
  }
  // "Up to ₪₪" alone finds more than "up to ₪" with the facts.
  await page.goto("/?price=2");
  expect(await cards(page).count()).toBeGreaterThan(1);
});

test("the home filters find it without JavaScript, in English and Hebrew", async ({ browser }) => {
  await withoutJavaScript(browser, "en");
  await withoutJavaScript(browser, "he");
});

test("nothing is wider than 360 px: the open filters, the restaurant page and the form, in both languages", async ({
  page,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const [path, more] of [
    ["/", WORDS.en.more],
    ["/he", WORDS.he.more],
  ] as const) {
    await page.goto(path);
    await filters(page, more).locator("summary").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  for (const path of [`/he/restaurant/${SLUG}`, `/en/restaurant/${SLUG}`]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  await signedInAs("owner", { owns: [SLUG] });
  for (const form of [editPath, `/he${editPath}`]) {
    await page.goto(form);
    await expect(page.getByTestId("practical-fieldset")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), form).toBeLessThanOrEqual(360);
  }
  await page.goto(`/he${editPath}`);
  await expect(page.getByRole("group", { name: "מחיר ושירותים" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
