// The home page's searches that found nothing, in a real browser. A term is counted by
// the server when it searched (a link with ?q=) and by the browser's beacon when it searched its
// own index (typing; the beacon is sent once the term has stayed); after the shared server writes
// what it counted (control socket), an admin finds the terms on /dashboard/searches, in English and
// in Hebrew, counted twice: a term is counted once per visitor (address) and day, so the two
// searches come from two addresses (X-Forwarded-For from loopback, which the server trusts), each
// its own, as the beacon is limited per address and every spec shares the server. Axe and 360 px on
// the admins' page.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { writeStatistics } from "./control";
import { expect, test } from "./fixtures";

/** A word no listing has (nor one letter off): random letters of the alphabet given. */
function unheardOf(letters: string, length = 9): string {
  return Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

/** An address no other search of this run uses (a documentation range). */
function anotherAddress(): string {
  return `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
}

/** Types the term into the home page's search once the browser's index is in, and waits for its beacon. */
async function searchInBrowser(page: Page, path: string, term: string, address: string): Promise<void> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
  await page.goto(path);
  const search = page.locator("#restaurant-search");
  // The index loads when the visitor reaches for the filters.
  await search.focus();
  await expect(page.locator("section[data-index=ready]")).toHaveCount(1);
  const beacon = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/searches/missed",
  );
  await search.fill(term);
  const sent = await beacon;
  expect(sent.postData()).toBe(term);
}

/** The server's own search (a shared link): the home loader counts what it found nothing for. */
async function searchOnServer(page: Page, path: string, term: string, address: string): Promise<void> {
  const response = await page.request.get(`${path}?q=${encodeURIComponent(term)}`, {
    headers: { "user-agent": await page.evaluate(() => navigator.userAgent), "x-forwarded-for": address },
  });
  expect(response.status()).toBe(200);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width).toBeLessThanOrEqual(view);
}

test("searches that found nothing, on home in English and Hebrew, reach the admins' list", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(60_000);
  const english = `zq${unheardOf("bcdfghjklmnpqrstvwxz")}`;
  const hebrew = unheardOf("אבגדהוזחטיכלמנסעפצקרשת");
  const once = `zq${unheardOf("bcdfghjklmnpqrstvwxz")}`;

  const [first, second] = [anotherAddress(), anotherAddress()];
  await page.goto("/");
  await searchOnServer(page, "/", english, first);
  await searchInBrowser(page, "/", english, second);
  await searchOnServer(page, "/he", hebrew, first);
  await searchInBrowser(page, "/he", hebrew, second);
  // Searched by one visitor, however often: counted once, never shown.
  await searchOnServer(page, "/", once, second);
  await searchInBrowser(page, "/", once, second);
  await page.setExtraHTTPHeaders({});
  await writeStatistics();

  await signedInAs("admin");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/dashboard");
  // On a phone the dashboard's links are in a menu that opens first.
  await page.locator("summary", { hasText: "Dashboard pages" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Searches not found" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Searches that found nothing" })).toBeVisible();
  const table = page.getByRole("table", { name: "Searches most often without results in the last 7 days" });
  await expect(table.getByRole("row", { name: new RegExp(`^${english} 2 `) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`^${hebrew} 2 `) })).toBeVisible();
  await expect(table.getByText(once)).toHaveCount(0);
  const row = table.getByTestId("miss-row").filter({ hasText: english });
  await expect(row.getByRole("link", { name: `Suggestions queue (${english})` })).toHaveAttribute(
    "href",
    "/dashboard/suggestions",
  );
  await expect(row.getByRole("link", { name: `Add a listing (${english})` })).toHaveAttribute("href", "/dashboard/add");
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // 30 days: a plain link (no JavaScript needed), the current period marked.
  await page.getByRole("link", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/\/dashboard\/searches\?days=30$/);
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(
    page
      .getByRole("table", { name: "Searches most often without results in the last 30 days" })
      .getByRole("rowheader", { name: english }),
  ).toBeVisible();

  // Hebrew: the page in Hebrew, the English term isolated in it.
  await page.goto("/he/dashboard/searches");
  await expect(page.getByRole("heading", { level: 1, name: "חיפושים שלא מצאו דבר" })).toBeVisible();
  const hebrewTable = page.getByRole("table", { name: "החיפושים שהכי הרבה פעמים לא מצאו דבר ב־7 הימים האחרונים" });
  await expect(hebrewTable.locator("bdi", { hasText: hebrew }).first()).toBeVisible();
  await expect(hebrewTable.locator("th bdi", { hasText: english })).toBeVisible();
  await expect(
    hebrewTable
      .getByTestId("miss-row")
      .filter({ hasText: hebrew })
      .getByRole("link", { name: new RegExp("^הוספת מסעדה") }),
  ).toHaveAttribute("href", "/he/dashboard/add");
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test("a bot's search is counted neither by the server nor from a beacon", async ({ page, signedInAs }) => {
  const term = `zq${unheardOf("bcdfghjklmnpqrstvwxz")}`;
  for (const userAgent of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", ""]) {
    for (let i = 0; i < 2; i++) {
      const answer = await page.request.post("/api/searches/missed", {
        data: term,
        headers: { "content-type": "text/plain", "user-agent": userAgent },
      });
      expect(answer.status()).toBe(204);
      expect((await page.request.get(`/?q=${term}&bot=${i}`, { headers: { "user-agent": userAgent } })).status()).toBe(
        200,
      );
    }
  }
  await writeStatistics();
  await signedInAs("admin");
  await page.goto("/dashboard/searches?days=30");
  await expect(page.getByRole("heading", { level: 1, name: "Searches that found nothing" })).toBeVisible();
  await expect(page.getByText(term)).toHaveCount(0);
});
