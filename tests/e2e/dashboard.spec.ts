// Dashboard journeys on their own server and database (demo data), so adding and deleting
// restaurants here cannot disturb the directory tests.
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import type { UserRole } from "../../database/factories";
import { DEMO_ACCOUNTS } from "../../server/ops/demo-data";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, waitForAppOnLoad, type SignedInAs } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: true });
  base = server.baseUrl;
});
test.afterAll(async () => {
  await server?.stop();
});

/** A page in a new context, signed in on this file's server as a new user of that role, on the dashboard. */
async function signedIn(browser: Browser, signedInAs: SignedInAs, role: UserRole, owns?: string[]): Promise<Page> {
  const context = await browser.newContext();
  await signedInAs(role, { context, server, ...(owns ? { owns } : {}) });
  const page = waitForAppOnLoad(await context.newPage());
  await page.goto(`${base}/dashboard`);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Hydrated, with the dashboard's scripts loaded, as after signing in through the form.
  await page.waitForLoadState("networkidle");
  return page;
}

const jpeg = (color: string, width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

test("admin adds a restaurant with photo, certificate and menu images, and sees it on the public page", async ({
  browser,
  signedInAs,
}) => {
  const page = await signedIn(browser, signedInAs, "admin");
  await page.getByRole("link", { name: "Add Restaurant" }).click();
  await expect(page.getByRole("heading", { name: "Add Restaurant" })).toBeVisible();

  await page.getByLabel("Restaurant name (English)").fill("E2E Bistro");
  await page.getByLabel("Restaurant name (Hebrew)").fill("ביסטרו בדיקה");
  await page.getByLabel("Address", { exact: true }).fill("12 Test Ave, Tel Aviv");
  // One kashrut group (ADR 032): the body, whose reading the listing's kashrut is.
  await page.getByLabel("Supervising body").selectOption("tzohar");
  await page.getByLabel("Phone number").fill("03-555-9999");
  await page.getByLabel("Booking link").fill("https://booking.example.com/e2e-bistro");

  await page
    .getByLabel("Restaurant photo")
    .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg("#aa5533") });
  await expect(page.getByText("Image uploaded successfully").first()).toBeVisible();
  await page
    .getByLabel("Kashrut certificate (teuda)")
    .setInputFiles({ name: "teuda.jpg", mimeType: "image/jpeg", buffer: await jpeg("#eeeeee", 800, 1100) });

  await page.getByRole("radio", { name: "Menu Images" }).check();
  await page.getByLabel("Menu images (up to 10)").setInputFiles([
    { name: "menu-1.jpg", mimeType: "image/jpeg", buffer: await jpeg("#335577", 800, 1100) },
    { name: "menu-2.jpg", mimeType: "image/jpeg", buffer: await jpeg("#557733", 800, 1100) },
  ]);
  await expect(page.getByText("2 menu images added")).toBeVisible();
  await expect(page.getByTestId("menu-images").getByRole("listitem")).toHaveCount(2);

  await page.getByTestId("tag-list").getByLabel("Dairy").check();
  await page.getByLabel("Description (English)").fill("A bistro made by a browser test.");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Restaurant added successfully")).toBeVisible();

  await page.goto(`${base}/en/restaurant/e2e-bistro`);
  await expect(page.getByRole("heading", { level: 1, name: "E2E Bistro" })).toBeVisible();
  await expect(page.getByRole("img", { name: "E2E Bistro", exact: true })).toHaveAttribute(
    "srcset",
    /-400\.webp 400w, .*-1200\.webp 1200w/,
  );
  await expect(page.getByRole("link", { name: /Open menu page \d in full screen/ })).toHaveCount(2);
  await expect(page.getByRole("img", { name: "Kashrut certificate of E2E Bistro" })).toBeVisible();
  await expect(page.getByText("A bistro made by a browser test.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("an upload that is not an image is refused with the spec's message", async ({
  browser,
  signedInAs,
  browserErrors,
}) => {
  // The refused upload answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/api\/uploads\?kind=photo$/ });
  const page = await signedIn(browser, signedInAs, "admin");
  await page.goto(`${base}/dashboard/add`);
  await page.getByLabel("Restaurant photo").setInputFiles({
    name: "evil.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "Only image files are allowed" })).toBeVisible();
});

test("an owner edits their own restaurant and cannot open another's", async ({ browser, signedInAs }) => {
  const admin = await signedIn(browser, signedInAs, "admin");
  const otherHref = await admin.getByRole("link", { name: "Edit Blue Fig Fish House" }).getAttribute("href");

  // An owner of the first two demo listings, as the demo owner is.
  const owner = await signedIn(browser, signedInAs, "owner", ["olive-and-ember", "yarkon-dairy-garden"]);
  await expect(owner.getByTestId("manage-row")).toHaveCount(2);
  await expect(owner.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await owner.getByRole("link", { name: "Edit Olive & Ember" }).click();
  await expect(owner.getByRole("heading", { name: "Edit Restaurant" })).toBeVisible();
  await expect(owner.getByRole("heading", { name: "Restaurant Ownership" })).toHaveCount(0);
  await owner.getByLabel("Description (English)").fill("Updated by its owner.");
  await owner.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(owner.getByText("Restaurant updated successfully")).toBeVisible();
  await owner.goto(`${base}/en/restaurant/olive-and-ember`);
  await expect(owner.getByText("Updated by its owner.")).toBeVisible();

  await owner.goto(`${base}${otherHref}`);
  await expect(owner).toHaveURL(/\/dashboard$/);
  await expect(owner.getByText("Failed to load restaurant data")).toBeVisible();
});

test("a draft survives a reload and is cleared after saving", async ({ browser, signedInAs }) => {
  const page = await signedIn(browser, signedInAs, "admin");
  await page.goto(`${base}/dashboard/add`);
  await page.getByLabel("Restaurant name (English)").fill("Draft Diner");
  await page.getByLabel("Address", { exact: true }).fill("7 Draft Rd");
  await page.reload();
  await expect(page.getByLabel("Restaurant name (English)")).toHaveValue("Draft Diner");
  await expect(page.getByText("Your unsaved changes were restored.")).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("restaurant-form-new"))).toContain("Draft Diner");
  await page.getByLabel("Supervising body").selectOption("rabbinate_tel_aviv");
  await page.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(page.getByText("Restaurant added successfully")).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("restaurant-form-new"))).toBeNull();
});

test("a restored draft can be discarded: the saved values come back and the draft is gone; or kept", async ({
  browser,
  signedInAs,
}) => {
  const page = await signedIn(browser, signedInAs, "admin");
  await page.getByRole("link", { name: "Edit Copper Pot" }).click();
  const name = page.getByLabel("Restaurant name (English)");
  await expect(name).toHaveValue("Copper Pot");
  const key = await page.evaluate(
    () => Object.keys(window.localStorage).find((one) => one.startsWith("restaurant-form-")) ?? null,
  );
  await name.fill("Copper Pot Draft");
  await page.reload();
  await expect(name).toHaveValue("Copper Pot Draft");
  const notice = page.getByTestId("draft-notice");
  await expect(notice).toContainText("Your unsaved changes were restored.");
  await expectNoSeriousA11yViolations(page);
  await notice.getByRole("button", { name: "Discard them" }).click();
  await expect(name).toHaveValue("Copper Pot");
  await expect(notice).toBeHidden();
  expect(
    await page.evaluate(() => Object.keys(window.localStorage).filter((one) => one.startsWith("restaurant-form-"))),
  ).toEqual(key ? [key] : []);
  await page.reload();
  await expect(name).toHaveValue("Copper Pot");
  await expect(notice).toBeHidden();
  // Kept: the notice goes, the draft stays.
  await name.fill("Copper Pot Kept");
  await page.reload();
  await notice.getByRole("button", { name: "Keep them" }).click();
  await expect(notice).toBeHidden();
  await expect(name).toHaveValue("Copper Pot Kept");
  await notice.page().evaluate(() => window.localStorage.clear());
});

test("a failed save on a phone takes the person to the first field in error, in Hebrew too", async ({
  browser,
  signedInAs,
}) => {
  const page = await signedIn(browser, signedInAs, "admin");
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [prefix, label, save] of [
    ["", "Address", "Save Restaurant"],
    ["/he", "כתובת", "שמירת המסעדה"],
  ] as const) {
    await page.goto(`${base}${prefix}/dashboard/add`);
    await page.evaluate(() => window.localStorage.clear());
    await page.getByLabel(prefix ? "שם המסעדה (אנגלית)" : "Restaurant name (English)").fill("Far Field");
    const button = page.getByRole("button", { name: save });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const address = page.getByLabel(label, { exact: true });
    await expect(address).toBeFocused();
    await expect(address).toBeInViewport();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    // The fields the rules require are marked, and say so (the kashrut is no longer one: its value
    // follows from the certificate, "Unknown" when none is given, ADR 032).
    await expect(address).toHaveAttribute("required", "");
    await expect(page.locator("form [data-required-mark]")).toHaveCount(3);
  }
});

test("admin manages owners, sets and clears the verification date, renames, and deletes with confirm", async ({
  browser,
  signedInAs,
}) => {
  // A long journey (two accounts or a dozen steps, axe twice): 20–27 s on an idle 2-core machine, so it gets three times the usual 30 s.
  test.slow();
  const page = await signedIn(browser, signedInAs, "admin");
  await page.getByRole("link", { name: "Edit Copper Pot" }).click();
  await expect(page.getByRole("heading", { name: "Restaurant Ownership" })).toBeVisible();
  await expect(page.getByText("Manage who can edit Copper Pot")).toBeVisible();
  await expect(page.getByText("No owners assigned to this restaurant yet.")).toBeVisible();

  await page.getByRole("button", { name: "Add Owner" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Restaurant Owner" });
  await expect(dialog.getByRole("button", { name: "Add Owner" })).toBeDisabled();
  await dialog.getByLabel("User").selectOption({ label: DEMO_ACCOUNTS.owner.email });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Add Owner" }).click();
  await expect(page.getByText("Restaurant owner added successfully")).toBeVisible();
  await expect(page.getByTestId("owner-row")).toHaveText(new RegExp(DEMO_ACCOUNTS.owner.email));
  await page.getByRole("button", { name: `Remove ${DEMO_ACCOUNTS.owner.email}` }).click();
  await expect(page.getByText("Restaurant owner removed successfully")).toBeVisible();
  await expect(page.getByText("No owners assigned to this restaurant yet.")).toBeVisible();

  await page.getByLabel("Verified on").fill("2026-11-01");
  await expect(page.getByTestId("verification-text")).toHaveText("Last verified on November 1, 2026");
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page.getByTestId("verification-text")).toHaveText("Not verified yet");
  await expect(page.getByTestId("history").getByRole("listitem").first()).toContainText("Verification date changed");

  await page.getByLabel("Restaurant name (English)").fill("Copper Pot Kitchen");
  await page.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(page.getByText("Restaurant updated successfully")).toBeVisible();
  await page.goto(`${base}/en/restaurant/copper-pot`);
  await expect(page).toHaveURL(/\/en\/restaurant\/copper-pot-kitchen$/);

  await page.goto(`${base}/dashboard`);
  await page.getByRole("button", { name: "Delete Copper Pot Kitchen" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row", { name: /Copper Pot Kitchen/ })).toBeVisible();
  await page.getByRole("button", { name: "Delete Copper Pot Kitchen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Restaurant deleted successfully")).toBeVisible();
  // Back on the dashboard itself (the action once sent the browser to its data address, /dashboard.data).
  await expect(page).toHaveURL(new RegExp(`^${base}/dashboard$`));
  await expect(page.getByRole("row", { name: /Copper Pot Kitchen/ })).toHaveCount(0);
});

test("the Hebrew dashboard is right to left and validates in Hebrew", async ({ browser, signedInAs }) => {
  const page = await signedIn(browser, signedInAs, "admin");
  await page.goto(`${base}/he/dashboard/add`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("שם המסעדה (אנגלית)").fill("X");
  await expect(page.getByText("שם המסעדה באנגלית חייב להכיל לפחות 2 תווים.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a public page's visitor gets the dashboard's texts on the way in, in either language (ADR 012)", async ({
  browser,
  signedInAs,
}) => {
  const page = await signedIn(browser, signedInAs, "admin");
  const dashboardScripts: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/manage-[\w-]+\.js$/.test(request.url())) dashboardScripts.push(request.url());
  });
  // A fresh public page holds only the site's messages; the dashboard's arrive with the navigation.
  await page.goto(`${base}/he`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  expect(dashboardScripts).toEqual([]);
  await page.getByRole("banner").getByRole("link", { name: "לוח בקרה" }).first().click();
  await expect(page).toHaveURL(/\/he\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ניהול מסעדות");
  expect(dashboardScripts).toHaveLength(1);
  // The language switch inside the dashboard brings the other language's texts along.
  await page.getByRole("link", { name: "מעבר לאנגלית" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restaurant Management");
  expect(dashboardScripts).toHaveLength(2);
  await expect(page.getByRole("main")).not.toContainText(/\b(dashboard|form|users|owners|history)\.[a-z]\w+/);
});
