// Saved places (ADR 024) in a real browser: a visitor saves from a card and from a restaurant page
// without an account (on the device), finds them on the Saved page in English and Hebrew, signs in
// and finds them merged into the account — on another device too; without JavaScript a diner saves
// through the server and a visitor is asked to sign in. Axe, 360 px, a real toggle button.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { assetsOfPage } from "../../app/offline/cache-rules";

const cards = (page: Page) => page.locator("#results li");
const savedCards = (page: Page) => page.locator("#saved-list li");

async function expectFits(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, `${page.url()} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

/** The slug and name of the nth card on home. */
async function cardAt(page: Page, n: number): Promise<{ slug: string; name: string }> {
  const card = cards(page).nth(n);
  const href = (await card.getByRole("link").first().getAttribute("href"))!;
  return { slug: href.split("/").pop()!, name: (await card.getByRole("heading").textContent())!.trim() };
}

test("without an account: Save on a card and on a restaurant page keeps them on this device; the Saved page lists them, in English and Hebrew", async ({
  page,
}) => {
  await page.goto("/");
  const first = await cardAt(page, 0);
  const second = await cardAt(page, 3);
  // A real toggle: its name says what and which, its state is pressed or not.
  const saveFirst = page.getByRole("button", { name: `Save ${first.name}` });
  await expect(saveFirst).toHaveAttribute("aria-pressed", "false");
  await saveFirst.click();
  await expect(saveFirst).toHaveAttribute("aria-pressed", "true");
  // The card's link still opens the restaurant; the button is outside it.
  await expect(cards(page).first().getByRole("link").getByRole("button")).toHaveCount(0);

  await page.goto(`/en/restaurant/${second.slug}`);
  const saveHere = page.getByRole("button", { name: `Save ${second.name}` });
  await saveHere.focus();
  await page.keyboard.press("Enter");
  await expect(saveHere).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Saved" }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saved places");
  await expect(savedCards(page)).toHaveCount(2);
  // The latest first.
  await expect(savedCards(page).first().getByRole("heading")).toHaveText(second.name);
  await expect(page.getByTestId("saved-device-note")).toContainText("Saved on this device only");
  await expectNoSeriousA11yViolations(page);

  // Hebrew, on a phone: the same places, the Hebrew words.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/he/saved");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("מקומות שמורים");
  await expect(savedCards(page)).toHaveCount(2);
  await expect(page.getByTestId("saved-device-note")).toContainText("שמור במכשיר הזה בלבד");
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);

  // Forgetting one from the Saved page takes it off the list.
  await savedCards(page).first().getByTestId("save-button").click();
  await expect(savedCards(page)).toHaveCount(1);
  await savedCards(page).first().getByTestId("save-button").click();
  await expect(page.getByTestId("saved-empty")).toContainText("עוד לא נשמר כלום");
  await expectFits(page);
});

test("signing in merges the device's places into the account, which shows them on another device too", async ({
  page,
  browser,
  signedInAs,
}) => {
  await page.goto("/");
  const first = await cardAt(page, 1);
  const second = await cardAt(page, 2);
  await page.getByRole("button", { name: `Save ${first.name}` }).click();
  await page.getByRole("button", { name: `Save ${second.name}` }).click();
  await expect(page.getByRole("button", { name: `Save ${second.name}` })).toHaveAttribute("aria-pressed", "true");

  const diner = await signedInAs("guest");
  await page.goto("/saved");
  await expect(savedCards(page)).toHaveCount(2);
  await expect(page.getByTestId("saved-device-note")).toHaveCount(0);
  // The device's list has been handed over.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("kta:saved"))).toBeNull();

  // Another device, the same account.
  const other = await browser.newContext();
  await other.addCookies([{ ...diner.cookie, url: new URL(page.url()).origin, httpOnly: true, sameSite: "Lax" }]);
  const phone = await other.newPage();
  await phone.goto(new URL("/he/saved", page.url()).toString());
  await expect(phone.locator("#saved-list li")).toHaveCount(2);
  await phone.goto(new URL("/he", page.url()).toString());
  await expect(phone.locator(`#results li:has(a[href$="/${second.slug}"]) [data-testid=save-button]`)).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await other.close();
});

test("signed in, with JavaScript: Save on a restaurant page and on a card changes the account's list at once, without a reload", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("guest");
  await page.goto("/he");
  const place = await cardAt(page, 3);
  await page.goto(`/he/restaurant/${place.slug}`);
  const button = page.getByTestId("save-button");
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  // Kept in the account: the Saved page (the server's list) has it.
  await page.getByRole("link", { name: "שמורים" }).first().click();
  await expect(savedCards(page)).toHaveCount(1);
  // Taken off from its card on the Saved page: once the server has it, the page's list no longer
  // shows it (as a device's list does). Only the button's state before that answer would be a race.
  await savedCards(page).first().getByTestId("save-button").click();
  await expect(savedCards(page)).toHaveCount(0);
  await expect(page.getByTestId("saved-empty")).toContainText("עוד לא נשמר כלום");
  await page.goto(`/he/restaurant/${place.slug}`);
  await expect(page.getByTestId("save-button")).toHaveAttribute("aria-pressed", "false");
});

test("without JavaScript: a signed-in diner saves through the server; a visitor is asked to sign in and comes back", async ({
  browser,
  signedInAs,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/he");
  const href = (await page.locator("#results li").first().getByRole("link").first().getAttribute("href"))!;
  await page.goto(href);
  await page.getByTestId("save-button").click();
  await expect(page).toHaveURL(/\/he\/login\?next=/);
  await expect(page.getByTestId("login-reason")).toHaveText("התחברו כדי לשמור מקומות.");

  await signedInAs("guest", { context });
  await page.goto(href);
  await expect(page.getByTestId("save-button")).toHaveAttribute("aria-pressed", "false");
  await page.getByTestId("save-button").click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId("save-button")).toHaveAttribute("aria-pressed", "true");
  await page.goto("/he/saved");
  await expect(page.locator("#saved-list li")).toHaveCount(1);
  await context.close();
});

test("saved places work offline: the Saved page has the service worker keep their pages, which then open without a network (Hebrew)", async ({
  page,
  context,
  browserErrors,
}) => {
  // Offline, what the page asks of the network fails, as the offline suite expects it to: its photos
  // (not kept), its live updates, the router's manifest patches.
  browserErrors.expect({ text: /ERR_INTERNET_DISCONNECTED/, url: /\/api\/live\/restaurants\// });
  browserErrors.expect({ text: /ERR_INTERNET_DISCONNECTED/, url: /\/uploads\// });
  browserErrors.expect({ text: /ERR_INTERNET_DISCONNECTED/, url: /\/__manifest\?/ });
  browserErrors.expect({ text: /Failed to fetch manifest patches/, url: /\/assets\/framework-/ });
  await page.goto("/he");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  // Saved from a card, never opened.
  const { slug, name } = await cardAt(page, 5);
  await page.locator(`#results li:has(a[href$="/${slug}"]) [data-testid=save-button]`).click();
  await page.goto("/he/saved");
  await expect(savedCards(page)).toHaveCount(1);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!(await caches.has("kta-saved"))) return [];
        return (await (await caches.open("kta-saved")).keys()).map((request) => new URL(request.url).pathname);
      }),
    )
    .toContain(`/he/restaurant/${slug}`);
  // Once the page is kept, so is every build file it loads (the worker's own rule reads them from
  // the page): the network may be gone at once.
  const keptHtml = await page.evaluate(
    async (path) => (await (await (await caches.open("kta-saved")).match(path))?.text()) ?? "",
    `/he/restaurant/${slug}`,
  );
  const files = assetsOfPage(keptHtml, new URL(page.url()).origin);
  const filesMissing = {
    files: files.length,
    missing: await page.evaluate(
      async (urls) => (await Promise.all(urls.map(async (url) => ((await caches.match(url)) ? [] : [url])))).flat(),
      files,
    ),
  };
  expect(filesMissing.files).toBeGreaterThan(0);
  expect(filesMissing.missing).toEqual([]);
  await context.setOffline(true);
  await page.goto(`/he/restaurant/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await context.setOffline(false);
});
