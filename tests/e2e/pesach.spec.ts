// Pesach on the directory (ADR 023), at fixed clocks around Pesach 2027 on the server (the
// request's x-test-now, heard only by the browser tests' server; never cached) and in the browser
// (page.clock): in its season home offers "Kosher for Pesach" (with JavaScript and without), cards
// carry the mark and the restaurant page its section; out of season none of it shows; an owner
// edits a plan on the dashboard's Pesach page. English and Hebrew, axe, 360 px.
import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { reachForFilters } from "./search-index";

test.describe.configure({ mode: "serial" });

const IN_SEASON = "2027-04-12T12:00:00+03:00";
const OUT_OF_SEASON = "2027-06-01T12:00:00+03:00";

async function at(target: Page | BrowserContext, iso: string) {
  await target.setExtraHTTPHeaders({ "x-test-now": iso });
  const pages = "pages" in target ? target.pages() : [target];
  for (const page of pages) await page.clock.setFixedTime(new Date(iso));
}

const cards = (page: Page) => page.locator("#results li");
const count = (page: Page) => page.getByTestId("result-count");
const resultsReady = reachForFilters;

async function expectFits(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, `${page.url()} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

for (const [language, prefix, label, mark] of [
  ["English", "", "Kosher for Pesach", "Kosher for Pesach"],
  ["Hebrew", "/he", "כשר לפסח", "כשר לפסח"],
] as const) {
  test(`in season (${language}): the filter keeps the places kosher for Pesach, each with its mark`, async ({
    page,
  }) => {
    await at(page, IN_SEASON);
    await page.goto(`${prefix}/`);
    await resultsReady(page);
    const all = Number((await count(page).textContent())?.match(/\d+/)?.[0]);
    await expect(page.getByTestId("pesach-mark").first()).toBeVisible();
    const filter = page.getByRole("checkbox", { name: label });
    await filter.check();
    await expect(page).toHaveURL(/pesach=kosher/);
    const kosher = Number((await count(page).textContent())?.match(/\d+/)?.[0]);
    expect(kosher).toBeGreaterThan(0);
    expect(kosher).toBeLessThan(all);
    await expect(cards(page)).toHaveCount(Math.min(kosher, 24));
    await expect(cards(page).getByTestId("pesach-mark")).toHaveCount(Math.min(kosher, 24));
    for (const text of await cards(page).getByTestId("pesach-mark").allTextContents()) expect(text).toBe(mark);
    await expectNoSeriousA11yViolations(page);
    // Reloaded from the URL, the server filters the same.
    await page.reload();
    await expect(count(page)).toHaveText(new RegExp(`\\b${kosher}\\b`));
    await filter.uncheck();
    await expect(page).not.toHaveURL(/pesach=/);

    // The restaurant page of a place kosher for Pesach has its section.
    await page.goto(`${prefix}/?pesach=kosher`);
    await cards(page).first().getByRole("link").click();
    await expect(page.getByTestId("pesach-section")).toBeVisible();
    await expect(page.getByTestId("pesach-status")).toHaveText(
      language === "English" ? "Open and kosher for Pesach" : "פתוח וכשר לפסח",
    );
    await expectNoSeriousA11yViolations(page);
  });

  test(`during Chol HaMoed (${language}): a place closed for Pesach is not "open now", on its card nor for the filter`, async ({
    page,
  }) => {
    const closedMark = language === "English" ? "Closed for Pesach" : "סגור בפסח";
    const closedCards = cards(page).filter({ has: page.getByTestId("pesach-mark").filter({ hasText: closedMark }) });
    const openLine = (slug: string) => page.locator(`#results a[href$="/restaurant/${slug}"] [data-testid=card-open]`);
    // Monday 26 April 2027, 15:00 in Tel Aviv: the week's hours would have most places open.
    await at(page, "2027-04-26T15:00:00+03:00");
    await page.goto(`${prefix}/?show=48`);
    const slugs = (
      await closedCards
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("/").pop()!))
    ).sort();
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) await expect(openLine(slug)).toHaveAttribute("data-open", "false");
    await expect(cards(page).locator("[data-testid=card-open][data-open=true]").first()).toBeVisible();
    // The filter on the server (the URL), then in the browser (the index) keeps none of them.
    await page.goto(`${prefix}/?open=now&show=48`);
    await expect(cards(page).first()).toBeVisible();
    await expect(closedCards).toHaveCount(0);
    await page.goto(`${prefix}/?show=48`);
    await reachForFilters(page);
    await page.getByRole("checkbox", { name: language === "English" ? "Open now" : "פתוח עכשיו" }).check();
    await expect(page).toHaveURL(/open=now/);
    await expect(cards(page).first()).toBeVisible();
    await expect(closedCards).toHaveCount(0);
    // A week after Pesach, at the same hour, the week's hours open some of the same places again.
    await at(page, "2027-05-03T15:00:00+03:00");
    await page.goto(`${prefix}/?show=48`);
    await expect(cards(page).locator("[data-testid=card-open][data-open]").first()).toBeAttached();
    const openAfter = await Promise.all(
      slugs.map(async (slug) => (await openLine(slug).getAttribute("data-open")) === "true"),
    );
    expect(openAfter.some(Boolean)).toBe(true);
  });

  test(`out of season (${language}): no filter, no marks, no section, and ?pesach=kosher is ignored`, async ({
    page,
  }) => {
    await at(page, OUT_OF_SEASON);
    await page.goto(`${prefix}/`);
    await resultsReady(page);
    const all = await count(page).textContent();
    await expect(page.getByRole("checkbox", { name: label })).toHaveCount(0);
    await expect(page.getByTestId("pesach-mark")).toHaveCount(0);
    await page.goto(`${prefix}/?pesach=kosher`);
    await resultsReady(page);
    await expect(count(page)).toHaveText(all!);
    await expect(page.getByTestId("pesach-mark")).toHaveCount(0);
    await cards(page).first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("pesach-section")).toHaveCount(0);
  });
}

test("without JavaScript, in season: the filter form's checkbox filters on the server (Hebrew)", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.setExtraHTTPHeaders({ "x-test-now": IN_SEASON });
  const page = await context.newPage();
  await page.goto("/he");
  await page.getByRole("checkbox", { name: "כשר לפסח" }).check();
  await page.getByRole("button", { name: "החלת סינון" }).click();
  await expect(page).toHaveURL(/pesach=kosher/);
  const marks = await page.locator("#results li").getByTestId("pesach-mark").allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  expect(marks.every((text) => text === "כשר לפסח")).toBe(true);
  await expect(page.locator("#results li")).toHaveCount(marks.length);
  await context.close();
});

test("an owner sets their restaurant kosher for Pesach; the filter then finds it (English, then the form in Hebrew, 360 px)", async ({
  page,
  signedInAs,
  browserErrors,
}) => {
  // The refused plan is answered 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/pesach\.data$/ });
  await at(page, IN_SEASON);
  // A place without a Pesach mark.
  await page.goto("/");
  await resultsReady(page);
  const unmarked = cards(page)
    .filter({ hasNot: page.getByTestId("pesach-mark") })
    .first();
  const href = (await unmarked.getByRole("link").getAttribute("href"))!;
  const slug = href.split("/").pop()!;
  await signedInAs("owner", { owns: [slug] });
  await page.goto("/dashboard");
  await page.getByRole("link", { name: /^Edit/ }).first().click();
  await page.getByTestId("edit-pesach").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Pesach 2027");

  // A refused plan says why, and keeps what was typed.
  await page.getByRole("radio", { name: "Closed during Pesach" }).check();
  await page.getByRole("radio", { name: "Serves kitniyot" }).check();
  await page.getByRole("button", { name: "Save Pesach" }).click();
  await expect(page.getByText("Kitniyot apply only to a place open during Pesach.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Closed during Pesach" })).toBeChecked();

  await page.getByRole("radio", { name: "Open and kosher for Pesach" }).check();
  await page.getByLabel("Supervised by").selectOption("tzohar");
  await page.getByLabel("Opens").fill("10:00");
  await page.getByLabel("Closes").fill("22:00");
  await page.getByRole("button", { name: "Save Pesach" }).click();
  await expect(page.getByText("Pesach is saved.")).toBeVisible();

  // The Hebrew form shows the saved plan; it fits a phone and passes axe.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(page.url().replace(/\/dashboard\/edit\/([^/]+).*$/, "/he/dashboard/edit/$1/pesach"));
  await expect(page.getByRole("radio", { name: "פתוח וכשר לפסח" })).toBeChecked();
  await expect(page.getByLabel("פותח")).toHaveValue("10:00");
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);

  // Signed out, the public pages show it (the header's clock bypasses the page cache).
  await page.context().clearCookies();
  await page.goto(`/he/restaurant/${slug}`);
  await expect(page.getByTestId("pesach-status")).toHaveText("פתוח וכשר לפסח");
  await expect(page.getByTestId("pesach-section")).toContainText("10:00–22:00");
  await expectFits(page);
  await page.goto("/he?pesach=kosher");
  await resultsReady(page);
  await expect(page.locator(`#results a[href="/he/restaurant/${slug}"]`)).toHaveCount(1);
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);
});
