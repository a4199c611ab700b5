// No page scrolls sideways on a 360 px phone, in either language, for visitors and for an admin.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { PUBLIC_PAGES } from "./pages";

test.use({ viewport: { width: 360, height: 800 } });

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  const { page: width, view } = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
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
  for (const path of [
    ...PUBLIC_PAGES,
    ...restaurants,
    ...(restaurant ? restaurants.map((path) => `${path}/report`) : []),
  ]) {
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
  for (const path of [
    "/dashboard",
    "/he/dashboard",
    "/dashboard/users",
    "/he/dashboard/users",
    "/dashboard/reports",
    "/he/dashboard/reports",
    "/dashboard/suggestions",
    "/he/dashboard/suggestions",
    "/dashboard/add",
    "/he/dashboard/add",
    edit ?? "/dashboard",
    `/he${edit ?? "/dashboard"}`,
    "/dashboard/blog/add",
    "/account",
    "/he/account",
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
});

/** Nothing in the page's main region scrolls sideways inside its own box (a wide table in a scroller did). */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main, main *")]
      .filter(
        (element) =>
          ["auto", "scroll"].includes(getComputedStyle(element).overflowX) &&
          element.scrollWidth > element.clientWidth + 1,
      )
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.scrollWidth} px in ${element.clientWidth} px`,
      ),
  );
}

for (const role of ["owner", "admin"] as const) {
  test(`on a 360 px phone, an ${role}'s restaurants are cards whose Edit link is on screen, English and Hebrew`, async ({
    page,
    signedInAs,
  }) => {
    await page.goto("/");
    const slugs = await page
      .locator('a[href^="/en/restaurant/"]')
      .evaluateAll((links) => links.slice(0, 2).map((link) => link.getAttribute("href")!.split("/").pop()!));
    await signedInAs(role, role === "owner" ? { owns: slugs } : {});
    for (const [path, edit] of [
      ["/dashboard", /^Edit /],
      ["/he/dashboard", /^עריכת /],
    ] as const) {
      await expectNoSidewaysScroll(page, path);
      expect(await sidewaysScrollers(page), path).toEqual([]);
      const link = page.getByRole("link", { name: edit }).first();
      await expect(link, path).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      expect(box.x, path).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, path).toBeLessThanOrEqual(360);
      expect(box.height, `${path}: the Edit link's height`).toBeGreaterThanOrEqual(44);
    }
  });
}

test("the phone dashboard is a list of cards (headings, status, the table's facts, 44 px actions), axe clean with unique ids; wide screens keep the table", async ({
  page,
  signedInAs,
}) => {
  test.slow();
  await signedInAs("admin");
  for (const [path, edit, remove, closed, never] of [
    ["/dashboard", /^Edit /, /^Delete /, "Permanently Closed", "Details not checked yet"],
    ["/he/dashboard", /^עריכת /, /^מחיקת /, "נסגר לצמיתות", "הפרטים טרם נבדקו"],
  ] as const) {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(path);
    // The notifications region (sonner's) is named in the page's language.
    await expect(
      page.locator(`section[aria-label^="${path === "/dashboard" ? "Notifications" : "התראות"} "]`),
    ).toHaveCount(1);
    const cards = page.getByTestId("manage-cards");
    await expect(cards).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    expect(await cards.evaluate((list) => list.tagName)).toBe("UL");
    // One card per restaurant of the table, each a list item named by its heading.
    const items = cards.getByRole("listitem");
    const count = await page.getByTestId("manage-row").count();
    expect(count).toBeGreaterThan(1);
    await expect(items).toHaveCount(count);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveCount(count);
    const first = items.first();
    const name = (await first.getByRole("heading", { level: 2 }).innerText()).trim();
    await expect(first.getByRole("link", { name: edit })).toHaveAccessibleName(
      new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    );
    // The facts the table shows (address, kashrut, tags) as a description list, and the status.
    await expect(first.locator("dt")).toHaveText(
      path === "/dashboard" ? ["Address", "Kashrut", "Tags"] : ["כתובת", "כשרות", "תגיות"],
    );
    await expect(cards.getByText(closed).first()).toBeVisible();
    await expect(cards.getByText(never).first()).toBeVisible();
    // Edit and Delete are real controls a finger can hit, inside the screen.
    for (const control of [first.getByRole("link", { name: edit }), first.getByRole("button", { name: remove })]) {
      await expect(control).toBeInViewport({ ratio: 1 });
      const box = (await control.boundingBox())!;
      expect(box.height, path).toBeGreaterThanOrEqual(44);
      expect(box.width, path).toBeGreaterThanOrEqual(44);
    }
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
      return ids.filter((id, index) => ids.indexOf(id) !== index);
    });
    expect(duplicates, path).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    // A wide screen: the sortable table, no cards.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("table")).toBeVisible();
    await expect(cards).toBeHidden();
    await expect(page.getByRole("row").nth(1).getByRole("link", { name: edit })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
