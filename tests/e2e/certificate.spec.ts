// The kashrut certificate (ADR 023) in a real browser, in English and Hebrew: each state on the
// cards and the restaurant page, private supervision never called "kosher", the "Valid
// certificate" filter with and without JavaScript, and the admins' one-click "Renewed until". (The
// form's kashrut group, the certificate's fields among them, is kashrut-group.spec.ts's.)
//
// The days: a certificate's state is judged on the server's day in Tel Aviv (the loader's clock,
// as freshness, ADR 014), not the browser's, so the browser clock is not the lever here. The
// shared server's demo data dates its certificates relative to the day it was loaded
// (server/ops/demo-data.ts demoCertificate): ending in 10 days, 7 days past (inside the default
// 30-day grace: renewal pending), 60 days past (expired, Tzohar), private supervision in 40 and 200 days.
// The exact day boundaries (the day before, on and after; inside and after the grace) are unit
// tested at fixed days (certificate/status.test.ts) and on both search paths (search-equivalence).
import type { Page } from "@playwright/test";
import { addDays, formatLongDate, telAvivDay } from "../../app/lib/dates";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const today = telAvivDay(new Date());
const ALL = "show=480";
const line = (page: Page, state: string) => page.locator(`[data-cert="${state}"]`);
const cards = (page: Page) => page.getByRole("region", { name: /^(Restaurants|מסעדות)$/ }).getByRole("listitem");

test("cards say each state in words, in English and Hebrew; an expired certificate hides nothing", async ({ page }) => {
  await page.goto(`/?${ALL}`);
  const total = await cards(page).count();
  // Renewal pending: the rabbinate's listing 7 days past its last day ("expired" the day after it).
  const expiredOn = (days: number, language: "en" | "he") => formatLongDate(addDays(today, days + 1), language);
  await expect(line(page, "renewalPending").first()).toHaveText(
    `⚠Kosher certificate renewal pending (expired ${expiredOn(-7, "en")})`,
  );
  await expect(
    line(page, "valid")
      .filter({ hasText: formatLongDate(addDays(today, 10), "en") })
      .first(),
  ).toHaveText(`Kosher certificate valid until ${formatLongDate(addDays(today, 10), "en")}`);
  // Tzohar is no rabbinate: its expired certificate says "supervision", with a warning sign.
  await expect(line(page, "expired").first()).toHaveText(`⚠Supervision expired on ${expiredOn(-60, "en")}`);
  await expect(line(page, "expired").first().locator('[aria-hidden="true"]')).toHaveText("⚠");
  // Private supervision is never "kosher certificate".
  for (const text of await page.locator('[data-cert]:has-text("Supervision")').allTextContents())
    expect(text).not.toMatch(/kosher/i);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/he?${ALL}`);
  await expect(cards(page)).toHaveCount(total);
  await expect(line(page, "renewalPending").first()).toHaveText(`⚠תעודת הכשרות בחידוש (פגה ב־${expiredOn(-7, "he")})`);
  await expect(line(page, "expired").first()).toHaveText(`⚠תוקף ההשגחה פג ב־${expiredOn(-60, "he")}`);
  for (const text of await page.locator('[data-cert]:has-text("השגחה")').allTextContents())
    expect(text).not.toMatch(/כשרות/);
  await expectNoSeriousA11yViolations(page);
});

test("the restaurant page names the body, the level and the number; private supervision is 'under the supervision of', in both languages", async ({
  page,
}) => {
  await page.goto(`/?${ALL}`);
  const badatz = cards(page).filter({
    has: page.locator('[data-cert="valid"]', { hasText: formatLongDate(addDays(today, 200), "en") }),
  });
  const href = await badatz.first().getByRole("link").getAttribute("href");
  await page.goto(href!);
  const block = page.getByTestId("certificate");
  await expect(block).toHaveAttribute("data-body", "badatz_beit_yosef");
  await expect(block).toContainText("Under the supervision of Badatz Beit Yosef");
  await expect(block).toContainText(`Supervision valid until ${formatLongDate(addDays(today, 200), "en")}`);
  await expect(block).toContainText(/Mehadrin · Certificate no\. TA-\d+/);
  await expect(block).not.toContainText(/kosher/i);
  await expectNoSeriousA11yViolations(page);
  await page.goto(href!.replace("/en/", "/he/"));
  await expect(page.getByTestId("certificate")).toContainText("בהשגחת בד״ץ בית יוסף");
  await expect(page.getByTestId("certificate")).toContainText(/מהדרין · תעודה מס׳ TA-\d+/);
  await expect(page.getByTestId("certificate")).not.toContainText("כשרות");

  // An expired one: said with its warning, and the listing is all there.
  await page.goto(`/?${ALL}`);
  const expired = await cards(page)
    .filter({ has: line(page, "expired") })
    .first()
    .getByRole("link")
    .getAttribute("href");
  await page.goto(expired!);
  await expect(page.getByTestId("certificate")).toContainText("Under the supervision of Tzohar");
  await expect(page.getByTestId("certificate")).toContainText(
    "The listing stays; please check the certificate at the restaurant.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the Valid certificate filter keeps valid and renewal pending, drops expired and none given, with JavaScript", async ({
  page,
}) => {
  await page.goto(`/?${ALL}`);
  const all = await cards(page).count();
  await page.getByLabel("Valid certificate").check();
  await expect(page).toHaveURL(/certificate=valid/);
  await expect(line(page, "expired")).toHaveCount(0);
  await expect(line(page, "renewalPending").first()).toBeVisible();
  const kept = await cards(page).count();
  expect(kept).toBeLessThan(all);
  expect(kept).toBe(await page.locator('[data-cert="valid"], [data-cert="renewalPending"]').count());
  // Shared and reloaded, the server renders the same.
  await page.reload();
  await expect(page.getByLabel("Valid certificate")).toBeChecked();
  await expect(cards(page)).toHaveCount(kept);
});

test("the Valid certificate filter without JavaScript, in Hebrew", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/he");
  await page.getByLabel("תעודה בתוקף").check();
  await page.getByRole("button", { name: /החלת|סינון/ }).click();
  await expect(page).toHaveURL(/certificate=valid/);
  await expect(page.getByLabel("תעודה בתוקף")).toBeChecked();
  await expect(line(page, "expired")).toHaveCount(0);
  expect(await cards(page).count()).toBe(
    await page.locator('[data-cert="valid"], [data-cert="renewalPending"]').count(),
  );
  await context.close();
});

test("admins' list: ending and ended, renewed with one click (without JavaScript too), in English and Hebrew; nothing wider than 360 px", async ({
  page,
  browser,
  signedInAs,
}) => {
  await signedInAs("admin");
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Certificates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kashrut certificates" })).toBeVisible();
  const rows = page.getByTestId("certificate-row");
  await expect(rows.filter({ has: page.locator('[data-cert="renewalPending"]') }).first()).toBeVisible();
  await expect(rows.filter({ has: page.locator('[data-cert="expired"]') }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // One that ends in 10 days: offered a year after its date; saved, it leaves the list.
  const soon = rows.filter({ hasText: formatLongDate(addDays(today, 10), "en") }).first();
  const name = (await soon.getByRole("heading", { level: 2 }).textContent())!;
  const renewed = soon.getByLabel("Renewed until");
  const offered = await renewed.inputValue();
  expect(offered).toBe(`${Number(addDays(today, 10).slice(0, 4)) + 1}${addDays(today, 10).slice(4)}`);
  await soon.getByRole("button", { name: "Save renewal" }).click();
  await expect(page.getByText("The certificate's date was saved.")).toBeVisible();
  await expect(rows.filter({ hasText: name })).toHaveCount(0);

  // Without JavaScript, in Hebrew: the pending one, renewed to a date typed.
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedInAs("admin", { context });
  const plain = await context.newPage();
  await plain.goto("/he/dashboard/certificates");
  await expect(plain.getByRole("heading", { level: 1, name: "תעודות כשרות" })).toBeVisible();
  const pending = plain
    .getByTestId("certificate-row")
    .filter({ has: plain.locator('[data-cert="renewalPending"]') })
    .first();
  const pendingName = (await pending.getByRole("heading", { level: 2 }).textContent())!;
  await pending.getByLabel("חודשה עד").fill(addDays(today, 300));
  await pending.getByRole("button", { name: "שמירת החידוש" }).click();
  await expect(plain.getByTestId("certificate-row").filter({ hasText: pendingName })).toHaveCount(0);
  await context.close();

  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ["/dashboard/certificates", "/he/dashboard/certificates", `/?${ALL}`, "/he"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});

test("an owner is refused the admins' list", async ({ page, signedInAs, browserErrors }) => {
  // The access-denied page answers 403, which Chromium logs as a failed load.
  browserErrors.expect({ text: /status of 403/, url: /\/dashboard\/certificates$/ });
  await signedInAs("owner");
  const response = await page.goto("/dashboard/certificates");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: /^Access denied/ })).toBeVisible();
});
