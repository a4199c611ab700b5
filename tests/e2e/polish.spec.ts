// What a careful visitor and owner tripped over, on this file's own server and
// database (demo data), so the posts and edits made here disturb no other test.
import type { Browser, Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { buildBlog } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import { restaurants } from "../../database/schema/restaurants";
import { BLOG_PLACEHOLDER } from "../../app/features/blog/components/BlogImage";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, waitForAppOnLoad, type SignedInAs } from "./fixtures";
import { holdRequests } from "./hold";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
let brokenPost: { id: string; slug: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: true });
  base = server.baseUrl;
  const [row] = await server.database.db
    .insert(blogs)
    .values(
      buildBlog({ title: "A post whose image is gone", slug: "image-gone", image: "/uploads/blog/no-such-image.webp" }),
    )
    .returning();
  brokenPost = { id: row!.id, slug: row!.slug! };
});
test.afterAll(async () => {
  await server?.stop();
});

async function admin(browser: Browser, signedInAs: SignedInAs, path: string): Promise<Page> {
  const context = await browser.newContext();
  await signedInAs("admin", { context, server });
  const page = waitForAppOnLoad(await context.newPage());
  await page.goto(`${base}${path}`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  return page;
}

/** The image has loaded, and what it shows is the placeholder. */
const endsOnPlaceholder = (image: Locator) =>
  expect
    .poll(() =>
      image.evaluate(
        (element: HTMLImageElement) => element.complete && element.naturalWidth > 0 && new URL(element.src).pathname,
      ),
    )
    .toBe(BLOG_PLACEHOLDER);
const hero = (page: Page) => page.locator("article img");
const card = (page: Page) => page.getByRole("link", { name: /A post whose image is gone/ }).locator("img");
const preview = (page: Page) => page.getByRole("img", { name: "Image preview" });

test("1. a blog image that fails before the page's scripts run ends on the placeholder (hero and card)", async ({
  browser,
  browserErrors,
}) => {
  // Chromium logs the scripts refused below and the missing image.
  browserErrors.expect({ text: /net::ERR_FAILED/, url: /\/assets\/[^/]+\.js$/ });
  browserErrors.expect({ text: /status of 404/, url: /\/uploads\/blog\/no-such-image\.webp$/ });
  const context = await browser.newContext();
  const page = await context.newPage();
  // No script of the app ever runs: only the page's own head script can swap the image.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(`${base}/blog/s/${brokenPost.slug}`);
  await endsOnPlaceholder(hero(page));
  await page.goto(`${base}/blogs`);
  await endsOnPlaceholder(card(page));
  await context.close();
});

test("1. ... and after hydration, on a page reached in the site", async ({ page, browserErrors }) => {
  // Chromium logs the missing image.
  browserErrors.expect({ text: /status of 404/, url: /\/uploads\/blog\/no-such-image\.webp$/ });
  await page.goto(`${base}/blogs`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await endsOnPlaceholder(card(page));
  await page.getByRole("link", { name: /A post whose image is gone/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/s/${brokenPost.slug}$`));
  await endsOnPlaceholder(hero(page));
});

test("2. the editor's preview settles on the placeholder after one failure, and tries again only for a new address", async ({
  browser,
  signedInAs,
  browserErrors,
}) => {
  // Chromium logs the two missing images.
  browserErrors.expect({ text: /status of 404/, url: /\/images\/missing-(one|two)\.svg$/ });
  const page = await admin(browser, signedInAs, "/dashboard/blog/add");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/images/missing-")) asked.push(new URL(request.url()).pathname);
  });
  await page.getByLabel("Image URL").fill("/images/missing-one.svg");
  await endsOnPlaceholder(preview(page));
  await page.waitForTimeout(1_000);
  expect(asked.filter((path) => path === "/images/missing-one.svg")).toHaveLength(1);
  await page.getByLabel("Image URL").fill("/images/missing-two.svg");
  await endsOnPlaceholder(preview(page));
  await page.waitForTimeout(500);
  expect(asked).toEqual(["/images/missing-one.svg", "/images/missing-two.svg"]);
  await page.context().close();
});

test("3. a missing file gets a plain 404 and leaves the pending toast for the page it was meant for", async ({
  browser,
  signedInAs,
  request,
  browserErrors,
}) => {
  // Chromium logs the missing image and the page address loaded as one.
  browserErrors.expect({ text: /status of 404/, url: /\/images\/missing-hero\.svg(\?again)?$/ });
  browserErrors.expect({ text: /status of 404/, url: /\/blog\/not-an-image$/ });
  const missing = await request.get(`${base}/images/no-such-file.svg`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(missing.headers()["set-cookie"]).toBeUndefined();

  const page = await admin(browser, signedInAs, "/dashboard/blog/add");
  await page.getByLabel("Title", { exact: true }).fill("Toasts survive broken images");
  await page.getByLabel("Subtitle").fill("A subtitle");
  await page.getByLabel("URL Slug").fill("toasts-survive");
  await page.getByLabel("Image URL").fill("/images/missing-hero.svg");
  await page.getByLabel("Content").fill("Some text.");
  // The page the save leads to waits until the old page has asked for missing files, as a
  // failing preview or a slow image does while the redirect is under way.
  const release = await holdRequests(page, /\/blog\/[0-9a-f-]{36}(\.data)?(\?.*)?$/);
  const saved = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Save Blog" }).click();
  await saved;
  await page.evaluate(async () => {
    const load = (src: string) =>
      new Promise((resolve) => Object.assign(new Image(), { onload: resolve, onerror: resolve, src }));
    // A missing file, and a wrong image address that lands on a page.
    await Promise.all([load("/images/missing-hero.svg?again"), load("/blog/not-an-image")]);
  });
  release();
  await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Blog added successfully")).toBeVisible();
  await page.context().close();
});

test("5. in Hebrew, an English name, address and hours stay in order and aligned with the page", async ({ page }) => {
  const [row] = await server.database.db
    .update(restaurants)
    // Hours as free text only (a listing without structured hours).
    // No Hebrew address or note: the English ones are what a Hebrew page shows.
    .set({
      name_he: "",
      address: "12 Ben Yehuda St.",
      address_he: null,
      opening_hours: "Sun-Thu 12:00-23:00.\nFri 9:00-14:00.",
      opening_hours_he: null,
      hours: null,
    })
    .where(
      eq(
        restaurants.slug,
        (
          await server.database.db
            .select({ slug: restaurants.slug })
            .from(restaurants)
            .where(eq(restaurants.is_permanently_closed, false))
            .limit(1)
        )[0]!.slug,
      ),
    )
    .returning();
  await page.goto(`${base}/he/restaurant/${row!.slug}`);
  const title = page.getByRole("heading", { level: 1 });
  const address = page.locator("header p").filter({ hasText: "12 Ben Yehuda St." });
  // The English address under the Hebrew page's title starts where the title starts (the right).
  const [titleBox, addressBox] = [await title.locator("bdi").boundingBox(), await address.locator("bdi").boundingBox()];
  expect(Math.abs(titleBox!.x + titleBox!.width - (addressBox!.x + addressBox!.width))).toBeLessThan(2);
  await expect(address).not.toHaveAttribute("dir", "auto");
  // Each value inside a Hebrew sentence is isolated, so "23:00." keeps its full stop at its end.
  await expect(page.getByTestId("faq").locator("bdi").filter({ hasText: "Sun-Thu 12:00-23:00." })).toHaveCount(1);
  await expect(page.locator("dd bdi").filter({ hasText: "Fri 9:00-14:00." })).toHaveCount(1);
  await expect(page.locator("dd bdi").filter({ hasText: "12 Ben Yehuda St." })).toHaveCount(1);
});

test("6. a blog form's field error goes once the field is valid, and the others stay", async ({
  browser,
  signedInAs,
  browserErrors,
}) => {
  // The refused save answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/dashboard\/blog\/add\.data$/ });
  const page = await admin(browser, signedInAs, "/dashboard/blog/add");
  await page.getByRole("button", { name: "Save Blog" }).click();
  await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Subtitle is required")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Now it has a title");
  await expect(page.getByText("Title is required", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Subtitle is required")).toBeVisible();
  // Emptied again, it says so again.
  await page.getByLabel("Title", { exact: true }).fill("");
  await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
  await page.context().close();
});

test("7. a bare domain in a link field is saved as its https address; another scheme is refused", async ({
  browser,
  signedInAs,
}) => {
  const page = await admin(browser, signedInAs, "/dashboard");
  await page.getByRole("link", { name: /^Edit/ }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/edit\//);
  const booking = page.getByLabel("Booking link");
  await booking.fill("javascript:alert(1)");
  await booking.blur();
  await expect(page.getByText("Links must start with http:// or https://")).toBeVisible();
  await booking.fill("www.example.com/book");
  await booking.blur();
  await expect(booking).toHaveValue("https://www.example.com/book");
  await expect(page.getByText("Links must start with http:// or https://")).toHaveCount(0);
  const name = await page.getByLabel("Restaurant name (English)").inputValue();
  await page.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(page.getByText("Restaurant updated successfully")).toBeVisible();
  const [row] = await server.database.db.select().from(restaurants).where(eq(restaurants.name_en, name));
  expect(row!.booking_link).toBe("https://www.example.com/book");
  await page.context().close();
});

test("8. file pickers speak Hebrew on the Hebrew dashboard, name the chosen file, and keep the native input for the keyboard", async ({
  browser,
  signedInAs,
}) => {
  const page = await admin(browser, signedInAs, "/he/dashboard/add");
  const photo = page.getByLabel("תמונת המסעדה");
  await expect(photo).toHaveAttribute("type", "file");
  const field = photo.locator("xpath=..");
  await expect(field.getByText("בחירת קובץ")).toBeVisible();
  await expect(field.getByTestId("file-picker-chosen")).toHaveText("לא נבחר קובץ");
  await expect(page.getByText("בחירת קבצים")).toHaveCount(0); // menu images show only for that menu kind
  // The native input is in the tab order and has the field's name.
  await photo.focus();
  await expect(photo).toBeFocused();
  const sharp = (await import("sharp")).default;
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#884422" } })
    .jpeg()
    .toBuffer();
  await photo.setInputFiles({ name: "חזית-המסעדה.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(field.getByTestId("file-picker-chosen")).toHaveText("חזית-המסעדה.jpg");
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
