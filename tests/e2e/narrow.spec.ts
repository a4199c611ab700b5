// No page scrolls sideways on a 360 px phone, in either language, for visitors and for an admin.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PUBLIC_PAGES } from "./pages";

test.use({ viewport: { width: 360, height: 800 } });

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  const { page: width, view } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(width, `${path} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

test("public pages fit a 360 px phone, English and Hebrew", async ({ page, browserErrors }) => {
  // The 404 pages among them answer 404, which Chromium logs.
  browserErrors.expect({ text: /status of 404/, url: /\/no-such-page$/ });
  // Every public page of the route table, in both languages where it has both.
  test.slow();
  await page.goto("/");
  const restaurant = await page.locator('a[href^="/en/restaurant/"]').first().getAttribute("href");
  const restaurants = [restaurant ?? "/", (restaurant ?? "/").replace("/en/", "/he/")];
  // Each restaurant page, and its report form's own page (where the form posts without JavaScript).
  for (const path of [...PUBLIC_PAGES, ...restaurants, ...(restaurant ? restaurants.map((path) => `${path}/report`) : [])]) {
    await expectNoSidewaysScroll(page, path);
  }
});

test("the dashboard and account pages fit a 360 px phone, English and Hebrew", async ({ page, signedInAs }) => {
  // Eleven pages, some with long tables.
  test.slow();
  await signedInAs("admin");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  const edit = await page.getByRole("link", { name: /^Edit/ }).first().getAttribute("href");
  for (const path of ["/dashboard", "/he/dashboard", "/dashboard/users", "/he/dashboard/users", "/dashboard/reports", "/he/dashboard/reports", "/dashboard/add", "/he/dashboard/add", edit ?? "/dashboard", `/he${edit ?? "/dashboard"}`, "/dashboard/blog/add", "/account", "/he/account"]) {
    await expectNoSidewaysScroll(page, path);
  }
});
