// No page scrolls sideways on a 360 px phone, in either language, for visitors and for an admin.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../server/demo-data";

test.use({ viewport: { width: 360, height: 800 } });

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  const { page: width, view } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(width, `${path} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

test("public pages fit a 360 px phone, English and Hebrew", async ({ page }) => {
  await page.goto("/");
  const restaurant = await page.locator('a[href^="/en/restaurant/"]').first().getAttribute("href");
  for (const path of ["/", "/he", restaurant ?? "/", (restaurant ?? "/").replace("/en/", "/he/"), "/blogs", "/sitemap", "/he/accessibility", "/login", "/he/signup"]) {
    await expectNoSidewaysScroll(page, path);
  }
});

test("the dashboard and account pages fit a 360 px phone, English and Hebrew", async ({ page }) => {
  // Sign-in, then eight pages with long tables.
  test.slow();
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ["/dashboard", "/he/dashboard", "/dashboard/users", "/he/dashboard/users", "/dashboard/add", "/he/dashboard/add", "/account", "/he/account"]) {
    await expectNoSidewaysScroll(page, path);
  }
});
