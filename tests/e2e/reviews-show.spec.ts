// What diners see of reviews, in English and Hebrew: the restaurant page's section (the average,
// the distribution in words, each review isolated in its own language), its pages without
// JavaScript, the card's average and count, the order by rating; axe, and nothing wider than 360 px.
// The built server runs in this worker on a database the test holds, and the reviews are written
// into it as the writing part stores them (published ones have published_at).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buildRestaurant } from "../../database/factories";
import { users } from "../../database/schema/auth";
import { restaurants } from "../../database/schema/restaurants";
import { reviews } from "../../database/schema/reviews";
import { startInProcess, type InProcessServer } from "./in-process";
import { expectNoSeriousA11yViolations } from "./axe";

let server: InProcessServer;

async function insertUser(name: string): Promise<string> {
  const id = randomUUID();
  await server.database.db.insert(users).values({ id, name, email: `${id}@reviews.example` });
  return id;
}

async function insertReview(
  restaurantId: string,
  rating: number,
  extra: { body?: string; language?: "he" | "en"; author?: string; at?: Date } = {},
) {
  const at = extra.at ?? new Date();
  await server.database.db.insert(reviews).values({
    restaurant_id: restaurantId,
    author_id: await insertUser(extra.author ?? `Diner ${randomUUID().slice(0, 6)}`),
    rating,
    body: extra.body ?? "Fresh food, friendly service and a quiet room for a weekday lunch.",
    language: extra.language ?? "en",
    ate_here: true,
    visit_month: "2026-03",
    status: "published",
    updated_at: at,
    created_at: at,
    published_at: at,
  });
}

async function expectFits(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, `${page.url()} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: false });
  const db = server.database.db;
  const [rated] = await db
    .insert(restaurants)
    .values(buildRestaurant({ slug: "rated-hummus", name_en: "Rated Hummus", name_he: "חומוס מדורג", photo: null }))
    .returning();
  await insertReview(rated!.id, 5, {
    author: "נועה",
    language: "he",
    body: "החומוס היה מצוין, חם וטרי, והשירות היה מהיר ואדיב.",
    at: new Date("2026-04-02T10:00:00Z"),
  });
  await insertReview(rated!.id, 4, { author: "Sam", at: new Date("2026-04-01T10:00:00Z") });
  const [paged] = await db
    .insert(restaurants)
    .values(buildRestaurant({ slug: "busy-bistro", name_en: "Busy Bistro", name_he: "ביסטרו עמוס", photo: null }))
    .returning();
  for (let i = 0; i < 12; i++)
    await insertReview(paged!.id, 3, { author: `Regular ${i}`, at: new Date(Date.UTC(2026, 3, 1, i)) });
  await db
    .insert(restaurants)
    .values(buildRestaurant({ slug: "new-place", name_en: "New Place", name_he: "מקום חדש", photo: null }));
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: { width: 360, height: 800 } });

test("the page shows the average, the distribution in words and each review in its language (English)", async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/en/restaurant/rated-hummus`);
  const section = page.locator("#reviews");
  await expect(section.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  await expect(section.getByText("4.5 out of 5, from 2 reviews")).toBeVisible();
  const distribution = section.getByRole("list", { name: "How many reviews gave each rating" });
  await expect(distribution.getByRole("listitem")).toHaveText([
    "5 stars: 1",
    "4 stars: 1",
    "3 stars: 0",
    "2 stars: 0",
    "1 star: 0",
  ]);
  const items = section.getByTestId("review");
  await expect(items).toHaveCount(2);
  // Newest first; the Hebrew one isolated in its language on the English page.
  await expect(items.first().locator('[lang="he"]')).toContainText("החומוס היה מצוין");
  await expect(items.first()).toContainText("Written in Hebrew");
  await expect(items.first()).toContainText("Ate here in March 2026");
  await expect(items.first().getByText("5 out of 5 stars")).toBeAttached();
  await expect(section.getByRole("link", { name: "Write a review" })).toHaveAttribute(
    "href",
    "/en/restaurant/rated-hummus/review",
  );
  await expect(section.getByRole("link", { name: "Report this review" })).toHaveCount(2);
  // Nobody here may reply.
  await expect(section.getByRole("link", { name: "Reply as the owner" })).toHaveCount(0);
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);
});

test("the page in Hebrew, and a place without reviews", async ({ page }) => {
  await page.goto(`${server.baseUrl}/he/restaurant/rated-hummus`);
  const section = page.locator("#reviews");
  await expect(section.getByRole("heading", { level: 2, name: "ביקורות" })).toBeVisible();
  await expect(section.getByText("4.5 מתוך 5, לפי 2 ביקורות")).toBeVisible();
  await expect(section.getByTestId("review").nth(1).locator('[lang="en"]')).toContainText("Fresh food");
  await expect(section.getByTestId("review").nth(1)).toContainText("נכתבה באנגלית");
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${server.baseUrl}/he/restaurant/new-place`);
  await expect(page.locator("#reviews").getByText("עדיין אין ביקורות. אכלתם כאן?")).toBeVisible();
  await expect(page.locator("#reviews").getByRole("link", { name: "כתבו ביקורת" })).toBeVisible();
});

test("the reviews' pages work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/en/restaurant/busy-bistro`);
  const section = page.locator("#reviews");
  await expect(section.getByTestId("review")).toHaveCount(10);
  await expect(section.getByText("Page 1 of 2")).toBeVisible();
  await section.getByRole("link", { name: "Older reviews" }).click();
  await expect(page).toHaveURL(/\/en\/restaurant\/busy-bistro\?reviews=2#reviews$/);
  await expect(section.getByTestId("review")).toHaveCount(2);
  await expect(section.getByTestId("review").last()).toContainText("Regular 0");
  await section.getByRole("link", { name: "Newer reviews" }).click();
  await expect(section.getByText("Page 1 of 2")).toBeVisible();
  await page.goto(`${server.baseUrl}/he/restaurant/busy-bistro?reviews=2`);
  await expect(section.getByText("עמוד 2 מתוך 2")).toBeVisible();
  await expectFits(page);
  await context.close();
});

test("the card shows the average and count, and Top rated puts the best first (English and Hebrew)", async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/`);
  await expect(page.getByRole("img", { name: "Rated 4.5 out of 5 (reviews: 2)" })).toHaveText("★ 4.5 (2)");
  await expect(page.getByRole("img", { name: "Rated 3.0 out of 5 (reviews: 12)" })).toBeVisible();
  await page.getByRole("link", { name: "Top rated" }).click();
  await expect(page).toHaveURL(/sort=rating/);
  const names = page.locator("h3");
  await expect(names.first()).toHaveText("Rated Hummus");
  await expect(names.last()).toHaveText("New Place");
  await expect(page.getByRole("link", { name: "Top rated" })).toHaveAttribute("aria-current", "true");
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${server.baseUrl}/he?sort=rating`);
  await expect(page.getByRole("img", { name: "4.5 מתוך 5 (ביקורות: 2)" })).toBeVisible();
  await expect(page.locator("h3").first()).toHaveText("חומוס מדורג");
  await expect(page.getByRole("link", { name: "לפי דירוג" })).toHaveAttribute("aria-current", "true");
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);
});
