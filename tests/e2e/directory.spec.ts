import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { holdDataRequests } from "./hold";
import { reachForFilters } from "./search-index";

const cards = (page: Page) => page.getByRole("region", { name: /^(Restaurants|מסעדות)$/ }).getByRole("listitem");
const count = (page: Page) => page.getByTestId("result-count");

async function openFilter(page: Page, name: string) {
  await page.locator("summary", { hasText: name }).click();
}

test.describe("home filters", () => {
  test("kashrut filter keeps only the chosen kashrut and goes into the URL", async ({ page }) => {
    await page.goto("/");
    await expect(count(page)).toHaveText("40 restaurants found");
    await openFilter(page, "Kashrut");
    await page.getByLabel("Tzohar").check();
    await expect(page).toHaveURL(/kashrut=tzohar/);
    await expect(count(page)).toHaveText("10 restaurants found");
    const badges = await cards(page)
      .locator("span", { hasText: /^(Rabanut|Mehadrin|Tzohar|Unknown)$/ })
      .allTextContents();
    expect(new Set(badges)).toEqual(new Set(["Tzohar"]));
    await expectNoSeriousA11yViolations(page);
  });

  test("the search index and its code load only when the visitor reaches for the filters, then filtering asks the server nothing", async ({
    page,
  }) => {
    const loaded: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/search-index\/|\/local-search-[^/]*\.js$/.test(request.url()))
        loaded.push(new URL(request.url()).pathname);
    });
    await page.goto("/", { waitUntil: "networkidle" });
    // A visitor who only reads the list (and opens a card) fetches neither.
    expect(loaded).toEqual([]);
    await reachForFilters(page);
    expect(loaded.some((url) => url.startsWith("/api/search-index/"))).toBe(true);
    expect(loaded.some((url) => url.endsWith(".js"))).toBe(true);
    const serverRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.data(\?|$)|\/api\//.test(request.url())) serverRequests.push(request.url());
    });
    await page.getByRole("searchbox", { name: "Search" }).fill("sushi");
    await expect(cards(page).getByRole("heading", { name: "Sakura Sushi Bar" })).toBeVisible();
    await expect(page).toHaveURL(/q=sushi/);
    await openFilter(page, "Kashrut");
    await page.getByLabel("Tzohar").check();
    // The option ticked after typing adds to the search typed before it: a change to the panels
    // starts from the filters as they are, search included.
    await expect(page).toHaveURL(/kashrut=tzohar/);
    await expect(page).toHaveURL(/q=sushi/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("sushi");
    expect(serverRequests).toEqual([]);
  });

  test("before the search index arrives, filters are answered by the server", async ({ page }) => {
    let releaseIndex: () => void = () => {};
    const indexHeld = new Promise<void>((resolve) => (releaseIndex = resolve));
    await page.route(/\/api\/search-index\//, async (route) => {
      await indexHeld;
      await route.continue();
    });
    await page.goto("/");
    await expect(count(page)).toHaveText("40 restaurants found");
    await openFilter(page, "Kashrut");
    await page.getByLabel("Tzohar").check();
    await expect(count(page)).toHaveText("10 restaurants found");
    await expect(page.locator("section[data-index=ready]")).toHaveCount(0);
    const badges = await cards(page)
      .locator("span", { hasText: /^(Rabanut|Mehadrin|Tzohar|Unknown)$/ })
      .allTextContents();
    expect(new Set(badges)).toEqual(new Set(["Tzohar"]));
    releaseIndex();
    await expect(page.locator("section[data-index=ready]")).toHaveCount(1);
    await expect(count(page)).toHaveText("10 restaurants found");
  });

  test("results come a page at a time, and Show more brings the rest", async ({ page }) => {
    await page.goto("/");
    await expect(count(page)).toHaveText("40 restaurants found");
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole("link", { name: "Show 16 more restaurants" }).click();
    await expect(cards(page)).toHaveCount(40);
    await expect(page).toHaveURL(/show=48/);
    await expect(page.getByRole("link", { name: /^Show \d+ more restaurants$/ })).toHaveCount(0);
  });

  test("tags match any selected tag", async ({ page }) => {
    await page.goto("/");
    await openFilter(page, "Tags");
    await page.getByLabel("Sushi", { exact: true }).check();
    await expect(page).toHaveURL(/tag=Sushi/);
    await expect(cards(page).getByRole("heading", { name: "Sakura Sushi Bar" })).toBeVisible();
    await expect(cards(page).getByRole("heading", { name: "Burger Dunes" })).toHaveCount(0);
    const sushiOnly = await cards(page).count();
    await page.getByLabel("Burger", { exact: true }).check();
    await expect(cards(page).getByRole("heading", { name: "Burger Dunes" })).toBeVisible();
    expect(await cards(page).count()).toBeGreaterThan(sushiOnly);
  });

  test("link filters need the link, and All clears them", async ({ page }) => {
    await page.goto("/");
    await openFilter(page, "Links");
    await page.getByLabel("Booking").check();
    await expect(page).toHaveURL(/link=booking/);
    await expect(count(page)).toHaveText("20 restaurants found");
    await page.getByLabel("Online order").check();
    await expect(page).toHaveURL(/link=booking&link=order|link=order&link=booking/);
    await page.getByLabel("All").check();
    await expect(page).not.toHaveURL(/link=/);
    await expect(count(page)).toHaveText("40 restaurants found");
  });

  test("Hebrew search finds a tag in Hebrew and ignores niqqud", async ({ page }) => {
    await page.goto("/he");
    const search = page.getByRole("searchbox", { name: "חיפוש" });
    await search.fill("חלבי");
    await expect(cards(page).getByRole("heading", { name: "גינת החלב בירקון" })).toBeVisible();
    await expect(cards(page).getByRole("heading", { name: "זית וגחלים" })).toHaveCount(0);
    await search.fill("קָפֶה");
    await expect(cards(page).getByRole("heading", { name: "קפה תפארת הבוקר" })).toBeVisible();
    await expect(page).toHaveURL(/q=/);
    await expectNoSeriousA11yViolations(page);
  });

  test("filters combine, clear resets them, and no results says so", async ({ page }) => {
    await page.goto("/");
    await openFilter(page, "Kashrut");
    await page.getByLabel("Tzohar").check();
    await page.keyboard.press("Escape");
    await openFilter(page, "Tags");
    await page.getByLabel("Dairy", { exact: true }).check();
    // Closed as a person would before reaching past it: the open panel covers what lies beneath.
    await page.keyboard.press("Escape");
    await expect(cards(page).getByRole("heading", { name: "Basil Corner" })).toBeVisible();
    const combined = await cards(page).count();
    expect(combined).toBeLessThan(10);

    await page.getByRole("searchbox", { name: "Search" }).fill("zzzz-nothing");
    await expect(page.getByRole("heading", { name: "No restaurants found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your filters or search term.")).toBeVisible();

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(count(page)).toHaveText("40 restaurants found");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  });

  test("a filtered view survives a reload, is shareable, and Back returns to it", async ({ page, browser }) => {
    await page.goto("/?kashrut=tzohar&tag=Dairy");
    await expect(count(page)).toHaveText(/restaurants? found/);
    const shared = await count(page).textContent();
    await page.reload();
    await expect(count(page)).toHaveText(shared!);

    const other = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await other.newPage();
    await noJs.goto(page.url());
    await expect(noJs.getByTestId("result-count")).toHaveText(shared!);
    await other.close();

    await cards(page).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/en\/restaurant\//);
    await page.goBack();
    await expect(page).toHaveURL(/kashrut=tzohar&tag=Dairy/);
    await expect(count(page)).toHaveText(shared!);
  });

  test("a card opens its restaurant in the app without loading a page, by mouse and by keyboard; with Ctrl the browser opens a tab; once hydrated there is no Apply button", async ({
    page,
    context,
  }) => {
    for (const [home, heading] of [
      ["/", /\/en\/restaurant\//],
      ["/he", /\/restaurant\//],
    ] as const) {
      await page.goto(home);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated");
      // Filtering is applied as it changes: the no-JavaScript submit button is gone.
      await expect(page.getByRole("search").getByRole("button")).toHaveCount(0);
      const link = cards(page).first().getByRole("link");
      const href = (await link.getAttribute("href"))!;
      expect(href, home).toMatch(heading);

      const [tab] = await Promise.all([context.waitForEvent("page"), link.click({ modifiers: ["ControlOrMeta"] })]);
      await expect(tab).toHaveURL(new RegExp(`${href}$`));
      await tab.close();
      expect(new URL(page.url()).pathname, home).toBe(home);

      // A mark on this page's window: it is still there after the visit, so no page was loaded.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      if (home === "/") await link.click();
      else await link.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => "samePage" in window), home).toBe(true);
    }
  });

  test("without JavaScript the filter form still filters on the server", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(cards(page).first().getByRole("link")).toHaveAttribute("href", /\/en\/restaurant\//);
    await page.locator("summary", { hasText: "Kashrut" }).click();
    await page.getByLabel("Mehadrin").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/kashrut=mehadrin/);
    await expect(page.getByTestId("result-count")).toHaveText("10 restaurants found");
    await context.close();
  });
});

test.describe("restaurant page", () => {
  test("an open restaurant shows every section, in English", async ({ page }) => {
    await page.goto("/en/restaurant/olive-and-ember");
    await expect(page.getByRole("heading", { level: 1, name: "Olive & Ember" })).toBeVisible();
    await expect(page.getByText("Kashrut: Rabanut")).toBeVisible();
    await expect(page.getByRole("heading", { name: "About" })).toBeVisible();
    await expect(page.getByTestId("faq")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Is Olive & Ember kosher?" })).toBeVisible();
    const actions = page.getByRole("complementary", { name: "Plan your visit" });
    for (const name of ["Navigate with Waze", "Order online", "Order delivery", "Book a table", "Rabanut website"]) {
      await expect(actions.getByRole("link", { name })).toHaveAttribute("target", "_blank");
    }
    await expect(page.getByRole("heading", { name: "Contact information" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^03-555-/ })).toHaveAttribute("href", /^tel:/);
    await expect(page.getByText("Opening hours", { exact: true })).toBeVisible();
    await expect(page.getByText(/retrieved automatically with AI/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Back to restaurants" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test("a closed restaurant, in Hebrew, shows the closed badge and notice and hides hours and Q&A", async ({
    page,
  }) => {
    await page.goto("/he/restaurant/lemon-tree-bakery");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByText("נסגר לצמיתות")).toBeVisible();
    await expect(page.getByTestId("closed-notice")).toContainText("המסעדה נסגרה לצמיתות");
    await expect(page.getByTestId("faq")).toHaveCount(0);
    await expect(page.getByText("שעות פתיחה", { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a PDF menu gets the PDF label and a Tzohar restaurant its website label", async ({ page }) => {
    await page.goto("/en/restaurant/nonna-shira");
    await expect(page.getByRole("link", { name: /View menu \(PDF\)/ })).toHaveAttribute("href", /\.pdf$/);
    await page.goto("/en/restaurant/blue-fig-fish-house");
    await expect(page.getByRole("link", { name: /Tzohar website/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^View menu/ })).toBeVisible();
  });

  test("menu images open in a lightbox that works by keyboard and gives focus back", async ({ page }) => {
    await page.goto("/en/restaurant/green-lentil");
    const first = page.getByRole("link", { name: "Open menu page 1 in full screen" });
    await first.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu of Green Lentil" });
    await expect(dialog).toBeVisible();
    const counter = dialog.getByText(/^\d+ \/ \d+$/);
    const total = Number((await counter.textContent())!.split("/")[1]);
    await expect(counter).toHaveText(`1 / ${total}`);
    if (total > 1) {
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`2 / ${total}`);
      await page.keyboard.press("ArrowLeft");
    }
    await expect(counter).toHaveText(`1 / ${total}`);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });

  test("in Hebrew the lightbox arrows are mirrored", async ({ page }) => {
    await page.goto("/he/restaurant/sakura-sushi-bar");
    await page.getByRole("link", { name: "פתיחת עמוד תפריט 1 במסך מלא" }).click();
    const counter = page.getByRole("dialog").getByText(/^\d+ \/ \d+$/);
    const total = Number((await counter.textContent())!.split("/")[1]);
    test.skip(total < 2, "this demo restaurant has a single menu page");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`2 / ${total}`);
  });

  test("the server HTML carries title, description, canonical, hreflang, Open Graph and JSON-LD", async ({
    request,
  }) => {
    const html = await (await request.get("/he/restaurant/olive-and-ember")).text();
    expect(html).toContain("<title>זית וגחלים | מסעדה כשרה (רבנות) בתל אביב</title>");
    expect(html).toMatch(/<meta name="description" content="זית וגחלים: מסעדה כשרה בתל אביב, כשרות רבנות\./);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/he\/restaurant\/olive-and-ember"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]+\/en\/restaurant\/olive-and-ember"/);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/restaurant-images\/[0-9a-f]+-1200\.webp"/,
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({ "@type": "Restaurant", name: "זית וגחלים" });
  });

  test("without JavaScript the page shows its content and links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/en/restaurant/olive-and-ember");
    await expect(page.getByRole("heading", { level: 1, name: "Olive & Ember" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Book a table/ })).toHaveAttribute("href", /booking\.example\.com/);
    await context.close();
  });
});

test.describe("routes", () => {
  test("redirects follow the spec's route table", async ({ page }) => {
    await page.goto("/restaurant/olive-and-ember");
    await expect(page).toHaveURL(/\/en\/restaurant\/olive-and-ember$/);
    await page.goto("/en/restaurant/no-such-place");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await page.goto("/en/accessibility");
    await expect(page).toHaveURL(/\/accessibility$/);
    await page.goto("/en/privacy-policy");
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  test("Hebrew blog paths redirect permanently to the unprefixed ones", async ({ request }) => {
    for (const [from, to] of [
      ["/he/blogs", "/blogs"],
      ["/he/blog/abc", "/blog/abc"],
      ["/he/blog/s/top-5", "/blog/s/top-5"],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(to);
    }
  });

  for (const [path, heading] of [
    ["/accessibility", "Accessibility Statement"],
    ["/he/accessibility", "הצהרת נגישות"],
    ["/privacy-policy", "Privacy Policy"],
    ["/he/privacy-policy", "מדיניות פרטיות"],
  ] as const) {
    test(`${path} shows the document with the contact address and today's date`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("link", { name: "contact@kosher-tel-aviv.example" }).first()).toHaveAttribute(
        "href",
        "mailto:contact@kosher-tel-aviv.example",
      );
      const year = String(new Date().getUTCFullYear());
      await expect(page.getByText(new RegExp(`(Last updated|עודכן לאחרונה).*${year}`))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("the sitemap lists restaurants in both languages with dates, and crawlers get XML and robots.txt", async ({
    page,
    request,
  }) => {
    await page.goto("/sitemap");
    await expect(page.getByRole("columnheader", { name: "Last modified" })).toBeVisible();
    await expect(page.getByRole("row", { name: /\/he\/restaurant\/olive-and-ember/ })).toContainText(
      /\d{4}-\d{2}-\d{2}.*weekly.*0\.7/,
    );
    await expectNoSeriousA11yViolations(page);
    const xml = await request.get("/sitemap.xml");
    expect(xml.headers()["content-type"]).toContain("application/xml");
    expect(await xml.text()).toContain("/en/restaurant/olive-and-ember</loc>");
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });
});

test("going back to the list shows 8 skeleton cards while it loads", async ({ page }) => {
  const skeletonCode: string[] = [];
  page.on("request", (request) => {
    if (/\/page-skeletons-[^/]*\.js$/.test(request.url())) skeletonCode.push(request.url());
  });
  await page.goto("/en/restaurant/olive-and-ember");
  await page.waitForLoadState("networkidle");
  // The placeholders' code comes when a change of page that shows one starts, not with a page.
  expect(skeletonCode).toEqual([]);
  const release = await holdDataRequests(page);
  await page.getByRole("link", { name: "Back to restaurants" }).click();
  await expect(page.getByTestId("skeleton-card")).toHaveCount(8);
  expect(skeletonCode).toHaveLength(1);
  await expect(page.getByRole("status").filter({ hasText: "Loading restaurants…" })).toHaveCount(1);
  release();
  await expect(page.getByTestId("result-count")).toHaveText("40 restaurants found");
  await expect(page.getByTestId("skeleton-card")).toHaveCount(0);
});

test("leaving a restaurant page by a link shows the loading bar while the next page loads", async ({ page }) => {
  await page.goto("/en/restaurant/olive-and-ember");
  await page.waitForLoadState("networkidle");
  const release = await holdDataRequests(page);
  await page.getByRole("link", { name: "Accessibility Statement" }).click();
  await expect(page.getByRole("progressbar", { includeHidden: true })).toHaveAttribute("aria-hidden", "false");
  await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole("progressbar", { includeHidden: true })).toHaveAttribute("aria-hidden", "true");
});
