// The installable site (manifest, service worker, offline page) and the share button, in
// English and Hebrew. The service worker is app/service-worker.ts, its rules app/offline/cache-rules.ts.
import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, type BrowserErrors } from "./fixtures";

const RESTAURANT = "olive-and-ember";
const BLOG_POST = "/blog/s/top-5-kosher-restaurants-in-tel-aviv";

/** Waits until the service worker controls the page (its first install claims the page that brought it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** The URLs the service worker keeps in one of its caches. */
async function kept(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  }, cacheName);
}

/** Every URL in every cache of the site. */
async function everythingKept(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
}

/**
 * A kept page shown offline still asks for what is not kept, and Chromium logs each failure: its live
 * updates always; and, for a page this browser never showed online, its photo and React Router's
 * route discovery for its links. A page it showed online usually finds that discovery in its own
 * HTTP cache, but not always: the links are asked for in batches, and which links fall in which
 * batch depends on when each was drawn, so a batch may be one the browser never fetched.
 */
function expectOfflineNoise(browserErrors: BrowserErrors, { seenOnline }: { seenOnline: boolean }): void {
  browserErrors.expect({ text: /ERR_INTERNET_DISCONNECTED/, url: /\/api\/live\/restaurants\// });
  expectRouteDiscoveryOffline(browserErrors, { optional: seenOnline });
  if (seenOnline) return;
  browserErrors.expect({ text: /ERR_INTERNET_DISCONNECTED/, url: /\/uploads\// });
}

/**
 * React Router's route discovery failing offline: the page on screen when the network goes may still
 * ask for the links it draws after that (the home page a sign-out leads to, say), and so may a kept page.
 */
function expectRouteDiscoveryOffline(browserErrors: BrowserErrors, { optional }: { optional: boolean }): void {
  browserErrors.expect({ text: /ERR_INTERNET_DISCONNECTED/, url: /\/__manifest\?/, optional });
  browserErrors.expect({ text: /Failed to fetch manifest patches/, url: /\/assets\/framework-/, optional });
}

test.describe("installable", () => {
  test("each language's pages link a valid web app manifest, whose icons load", async ({ page, request }) => {
    for (const [path, manifestPath, name, start, dir] of [
      ["/", "/manifest.webmanifest", "Kosher Tel Aviv", "/", "ltr"],
      [`/he/restaurant/${RESTAURANT}`, "/he/manifest.webmanifest", "כשר תל אביב", "/he", "rtl"],
    ] as const) {
      await page.goto(path);
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href, path).toBe(manifestPath);
      const answer = await request.get(href!);
      expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
      const manifest = (await answer.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        dir: string;
        display: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ name, start_url: start, dir, display: "standalone" });
      expect(manifest.short_name.length).toBeGreaterThan(0);
      expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
      for (const icon of manifest.icons) {
        const image = await request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()["content-type"]).toBe("image/png");
      }
    }
  });
});

test.describe("offline", () => {
  test("a restaurant page viewed before opens offline; a page never viewed shows the offline page, English and Hebrew", async ({
    page,
    context,
    browserErrors,
  }) => {
    expectOfflineNoise(browserErrors, { seenOnline: true });
    await page.goto("/");
    await controlled(page);
    for (const language of ["en", "he"] as const) await page.goto(`/${language}/restaurant/${RESTAURANT}`);
    await expect
      .poll(() => kept(page, "kta-recent"))
      .toEqual(expect.arrayContaining([`/en/restaurant/${RESTAURANT}`, `/he/restaurant/${RESTAURANT}`]));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "זית וגחלים" })).toBeVisible();
    await page.goto(`/en/restaurant/${RESTAURANT}`);
    await expect(page.getByRole("heading", { level: 1, name: "Olive & Ember" })).toBeVisible();

    await page.goto("/blogs");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByText(/saved places open without a connection/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/he/sitemap");
    await expect(page.getByRole("heading", { level: 1, name: "אין חיבור לאינטרנט" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("link", { name: "חזרה לדף הבית" })).toHaveAttribute("href", "/he");
    await expectNoSeriousA11yViolations(page);
    await context.setOffline(false);
  });

  test("a signed-in dashboard page is never kept: signed out and offline, it is not shown", async ({
    page,
    context,
    signedInAs,
    browserErrors,
  }) => {
    expectRouteDiscoveryOffline(browserErrors, { optional: true });
    await signedInAs("owner");
    await page.goto("/");
    await controlled(page);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A restaurant page a signed-in visitor views is kept as anyone sees it (without the session).
    await page.goto(`/en/restaurant/${RESTAURANT}`);
    await expect.poll(() => kept(page, "kta-recent")).toContain(`/en/restaurant/${RESTAURANT}`);
    expect(
      (await everythingKept(page)).filter(
        (path) => !path.startsWith("/assets/") && /dashboard|account|login/.test(path),
      ),
    ).toEqual([]);

    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("link", { name: "Log In" }).first()).toBeVisible();
    // Signing out forgot every kept page.
    await expect.poll(() => kept(page, "kta-recent")).toEqual([]);
    // The home page the sign-out led to has loaded its photos before the network goes.
    await page.waitForLoadState("networkidle");

    await context.setOffline(true);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await page.goto("/he/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "אין חיבור לאינטרנט" })).toBeVisible();
    await context.setOffline(false);
  });

  test("a page can ask the worker to keep pages and to forget them (cache-pages, forget-pages)", async ({
    page,
    context,
    browserErrors,
  }) => {
    expectOfflineNoise(browserErrors, { seenOnline: false });
    await page.goto("/");
    await controlled(page);
    const ask = (message: unknown) =>
      page.evaluate(
        (data) =>
          new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event) => resolve(event.data);
            navigator.serviceWorker.controller!.postMessage(data, [channel.port2]);
          }),
        message,
      );
    expect(
      await ask({
        type: "cache-pages",
        urls: [`/he/restaurant/${RESTAURANT}`, "/dashboard", "https://elsewhere.example/"],
      }),
    ).toEqual({
      type: "cache-pages",
      kept: 1,
    });
    expect(await kept(page, "kta-saved")).toEqual([`/he/restaurant/${RESTAURANT}`]);
    await context.setOffline(true);
    await page.goto(`/he/restaurant/${RESTAURANT}`);
    await expect(page.getByRole("heading", { level: 1, name: "זית וגחלים" })).toBeVisible();
    await context.setOffline(false);
    await page.goto("/");
    expect(await ask({ type: "forget-pages" })).toEqual({ type: "forget-pages", done: true });
    expect(await kept(page, "kta-saved")).toEqual([]);
  });
});

/** Replaces the browser's share sheet with one that records what it was given. */
async function stubShare(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData[] }).shared ??= [];
        (window as unknown as { shared: ShareData[] }).shared.push(data);
      },
    });
  });
}

/** A browser without a share sheet (Chromium on Linux has none; made sure of here). */
async function withoutShare(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
}

/** The status line beside the share button, which announces what a click did. */
const statusBeside = (page: Page, label: string) =>
  page.getByRole("button", { name: label, exact: true }).locator("xpath=following-sibling::*[@role='status']");

test.describe("share", () => {
  test("the share sheet gets the page's link in its language, on restaurant pages and blog posts", async ({
    page,
    context,
    baseURL,
  }) => {
    await stubShare(context);
    for (const [path, label] of [
      [`/en/restaurant/${RESTAURANT}`, "Share"],
      [`/he/restaurant/${RESTAURANT}`, "שיתוף"],
      [BLOG_POST, "Share"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("button", { name: label, exact: true }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared?.at(-1)?.url))
        .toBe(`${baseURL}${path}`);
      // The share sheet says what happened: the page adds nothing.
      await expect(statusBeside(page, label)).toHaveText("");
    }
  });

  test("without a share sheet, Copy link copies the page's link and says so, English and Hebrew, axe clean at 360 px", async ({
    page,
    context,
    baseURL,
  }) => {
    await withoutShare(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [path, label, said] of [
      [`/en/restaurant/${RESTAURANT}`, "Copy link", "Link copied"],
      [`/he/restaurant/${RESTAURANT}`, "העתקת קישור", "הקישור הועתק"],
      [BLOG_POST, "Copy link", "Link copied"],
    ] as const) {
      await page.goto(path);
      const button = page.getByRole("button", { name: label, exact: true });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(statusBeside(page, label)).toHaveText(said);
      await expect(statusBeside(page, label)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path}`);
      const { width, view } = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        view: window.innerWidth,
      }));
      expect(width, path).toBeLessThanOrEqual(view);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("without JavaScript there is no share button (nothing that would do nothing)", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/en/restaurant/${RESTAURANT}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Share|Copy link)$/ })).toHaveCount(0);
    await context.close();
  });
});
