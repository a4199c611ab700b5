// Statistics (ADR 025) in a real browser: a diner opens a restaurant page and taps its phone number
// and a link out; the browser reports the taps itself (the links' `ping`), and once the server
// writes its batch (the control socket, as its timer does every minute) the listing's owner sees one
// more view and the taps on the dashboard, in the chart's table, in English and Hebrew; the admin
// sees the site's totals with every listing. Axe and 360 px on each. The counting's own rules (bots,
// cached pages, batches): server/statistics/*.test.ts and tests/integration/statistics.test.ts.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { writeStatistics } from "./control";
import { expect, test } from "./fixtures";

// A person's browser (the suite's own is one too: Playwright's "Desktop Chrome" agent).
const DINER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
// A listing no other spec opens (they open the first card, and the ones they name): other specs run
// at the same time, and their visits are counted too.
const SLUG = "wok-street-tlv";

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 360, height: 800 } });

async function expectFits(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, `${page.url()} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

/** Today's row of the owner's table (the newest first): its numbers by column header. */
async function todaysRow(page: Page): Promise<Record<string, number>> {
  const table = page.getByTestId("statistics-table");
  const headers = await table.locator("thead th").allInnerTexts();
  const cells = await table.locator("tbody tr").first().locator("th, td").allInnerTexts();
  return Object.fromEntries(
    headers.slice(1).map((header, i) => [header.trim(), Number(cells[i + 1]!.replace(/[^\d]/g, ""))]),
  );
}

const WORDS = {
  en: {
    prefix: "",
    title: "Statistics",
    views: "Page views",
    phone: "Phone",
    navigate: "Navigation",
    caption: "Day by day",
    site: "The whole site",
    days90: "Last 90 days",
  },
  he: {
    prefix: "/he",
    title: "סטטיסטיקה",
    views: "צפיות בדף",
    phone: "טלפון",
    navigate: "ניווט",
    caption: "יום אחר יום",
    site: "כל האתר",
    days90: "90 הימים האחרונים",
  },
} as const;

for (const language of ["en", "he"] as const) {
  const words = WORDS[language];
  test(`${language}: a diner's view and taps reach the owner's chart and table`, async ({
    page,
    browser,
    signedInAs,
    baseURL,
  }) => {
    await signedInAs("owner", { owns: [SLUG] });
    await page.goto(`${words.prefix}/dashboard/statistics`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(language === "he" ? /\S/ : "Wok Street TLV");
    await expect(page.getByText(words.caption, { exact: true })).toBeVisible();
    const before = await todaysRow(page);

    // A diner, in another browser context (no session), with a person's browser.
    const diner = await browser.newContext({ userAgent: DINER_AGENT, baseURL: baseURL! });
    // Links out stay on this machine.
    await diner.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)).*/, (route) =>
      route.fulfill({ status: 200, body: "elsewhere" }),
    );
    const visit = await diner.newPage();
    await visit.goto(`${words.prefix === "/he" ? "/he" : "/en"}/restaurant/${SLUG}`);
    // A ping is awaited until the server has answered it: its request leaving the browser is not yet
    // the server's (closing the diner's context then could drop it).
    const navigatePing = visit.waitForResponse(
      (response) => response.url().endsWith(`/api/taps/${SLUG}/navigate`) && response.request().method() === "POST",
    );
    await visit.locator(`a[ping$="/navigate"]`).click();
    await navigatePing;
    // Last: a tel: link hands the page to the phone's dialer.
    const phonePing = visit.waitForResponse(
      (response) => response.url().endsWith(`/api/taps/${SLUG}/phone`) && response.request().method() === "POST",
    );
    await visit.getByRole("link", { name: language === "he" ? "התקשרו למסעדה" : "Call the restaurant" }).click();
    await phonePing;
    await diner.close();
    // The server answers a tap first and counts it just after (it checks the slug in memory): the
    // counts are written, and read back, until the last tap is in.
    await expect
      .poll(async () => {
        await writeStatistics();
        await page.reload();
        return (await todaysRow(page))[words.phone];
      })
      .toBe(before[words.phone]! + 1);
    const after = await todaysRow(page);
    expect(after[words.views]).toBe(before[words.views]! + 1);
    expect(after[words.phone]).toBe(before[words.phone]! + 1);
    expect(after[words.navigate]).toBe(before[words.navigate]! + 1);
    // The chart is drawn (inline SVG, no library) and points to the table for its numbers.
    const chart = page.getByRole("img", { name: /./ });
    await expect(chart).toHaveAttribute("aria-describedby", "statistics-days");
    await expect(page.locator("svg rect").first()).toBeVisible();
    // 90 days, by link (no script needed), and the CSV of the same days.
    await page.getByRole("link", { name: words.days90 }).click();
    await expect(page).toHaveURL(/days=90/);
    await expect(page.getByTestId("statistics-table").locator("tbody tr")).toHaveCount(90);
    const csv = await page.request.get(
      await page
        .getByRole("link", { name: /CSV/ })
        .getAttribute("href")
        .then((href) => href!),
    );
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[0]).toBe("day,views,phone,navigate,booking,order,wolt,menu");
    await expectFits(page);
    await expectNoSeriousA11yViolations(page);
  });
}

test("an admin sees the whole site's totals and every listing, in both languages", async ({ page, signedInAs }) => {
  await signedInAs("admin");
  for (const language of ["en", "he"] as const) {
    const words = WORDS[language];
    await page.goto(`${words.prefix}/dashboard/statistics`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.site);
    const listings = page.getByTestId("statistics-listings");
    await expect(listings.getByRole("link").first()).toBeVisible();
    expect(await listings.locator("tbody tr").count()).toBeGreaterThanOrEqual(20);
    await listings.getByRole("link").first().click();
    await expect(page).toHaveURL(/restaurant=[0-9a-f-]{36}/);
    await expect(page.getByTestId("statistics-table")).toBeVisible();
    await expectFits(page);
    await expectNoSeriousA11yViolations(page);
  }
});
