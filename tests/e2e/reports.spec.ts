// Report a problem and the reports queue, in a real browser, in English and Hebrew, with
// JavaScript (the proof-of-work found in the page) and without (the form posts to its own page).
// Its own server and database (demo data), so the reports and e-mails are this file's alone.
import { eq } from "drizzle-orm";
import { buildRestaurant } from "../../database/factories";
import { rateLimits } from "../../database/schema/people";
import { reports } from "../../database/schema/reports";
import { restaurants } from "../../database/schema/restaurants";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";
import { readOutbox } from "./outbox";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
let place: { id: string; slug: string; name: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: true });
  base = server.baseUrl;
  const [row] = await server.database.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.is_permanently_closed, false))
    .limit(1);
  place = { id: row!.id, slug: row!.slug, name: row!.name_en };
});
test.beforeEach(async () => {
  // Every test reports from 127.0.0.1: each starts under the limits.
  await server.database.db.delete(rateLimits);
});
test.afterAll(async () => {
  await server?.stop();
});

const reportsOf = () => server.database.db.select().from(reports).where(eq(reports.restaurant_id, place.id));

/** The e-mails in the development outbox, as they read. */
const outbox = () => readOutbox(server.dataDir);

test("with JavaScript: two clicks and a submit, a thank-you in place, the admins e-mailed", async ({ page }) => {
  await page.goto(`${base}/en/restaurant/${place.slug}`);
  const section = page.getByTestId("report");
  await section.getByText("Report a problem").click();
  await section.getByLabel("Wrong opening hours").check();
  await section.getByLabel("Details (optional)").fill(`Closes at 22:00 <b>now</b>`);
  await section.getByLabel("Your e-mail (optional)").fill("diner@example.com");
  await expectNoSeriousA11yViolations(page);
  await section.getByRole("button", { name: "Send report" }).click();
  const thanks = section.getByTestId("report-thanks");
  await expect(thanks).toContainText(["Thank you!", "We received your report and will check it."].join(""));
  await expect(thanks).toBeFocused();
  await expect(page).toHaveURL(`${base}/en/restaurant/${place.slug}`);
  const [row] = await reportsOf();
  expect(row).toMatchObject({
    reason: "hours",
    note: "Closes at 22:00 <b>now</b>",
    email: "diner@example.com",
    proof_of_work: true,
  });
  // The demo administrator is told, in both languages.
  const notice = () =>
    outbox().find(
      (mail) => mail.includes("A visitor reported a problem with") && mail.includes("demo-admin@kosher-tel-aviv.test"),
    );
  await expect.poll(notice, { timeout: 10_000 }).toBeTruthy();
  expect(notice()).toContain("Wrong opening hours");
  expect(notice()).toContain("שעות פתיחה שגויות");
});

test("with JavaScript in Hebrew: the form and its thank-you are in Hebrew", async ({ page }) => {
  await page.goto(`${base}/he/restaurant/${place.slug}`);
  const section = page.getByTestId("report");
  await section.getByText("דיווח על בעיה").click();
  await section.getByLabel("פתוחה בשבת").check();
  await section.getByRole("button", { name: "שליחת הדיווח" }).click();
  await expect(section.getByTestId("report-thanks")).toContainText("קיבלנו את הדיווח ונבדוק אותו.");
  expect((await reportsOf()).map((row) => [row.reason, row.proof_of_work])).toContainEqual(["shabbat", true]);
  // The form's own page (where it posts without JavaScript).
  await page.goto(`${base}/he/restaurant/${place.slug}/report`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("דיווח על בעיה:");
  await expectNoSeriousA11yViolations(page);
});

test("the public forms' pages fetch the proof-of-work's solver and challenge only once the visitor begins the form", async ({
  page,
}) => {
  const solverOrChallenge = /\/assets\/solve\.client-[^/]*\.js$|\/api\/report-challenge$/;
  const pages = [
    { path: `/he/restaurant/${place.slug}/report`, field: "פרטים (לא חובה)" },
    { path: "/suggest", field: "Name in English" },
  ];
  for (const { path, field } of pages) {
    const fetched: string[] = [];
    const record = (request: { url: () => string }) => {
      if (solverOrChallenge.test(request.url())) fetched.push(new URL(request.url()).pathname);
    };
    page.on("request", record);
    await page.goto(`${base}${path}`);
    await page.waitForLoadState("networkidle");
    // Read, not used: a visit that only looks at the form costs neither the solver nor a challenge.
    expect(fetched, path).toEqual([]);
    await page.getByLabel(field).focus();
    await expect.poll(() => fetched.length, { message: path }).toBe(2);
    expect(
      fetched.some((url) => url === "/api/report-challenge"),
      path,
    ).toBe(true);
    page.off("request", record);
  }
});

test("without JavaScript: the form posts to its page, says what is missing in the page's language, then thanks", async ({
  browser,
  browserErrors,
}) => {
  // The refused posts answer 400 (no reason) and 429 (over the limit), which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/he\/restaurant\/[^/]+\/report$/ });
  browserErrors.expect({ text: /status of 429/, url: /\/en\/restaurant\/[^/]+\/report$/ });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const before = (await reportsOf()).length;
  await page.goto(`${base}/he/restaurant/${place.slug}`);
  await page.getByTestId("report").getByText("דיווח על בעיה").click();
  // No reason chosen: a message, nothing stored, what was typed kept.
  await page.getByTestId("report").getByLabel("פרטים (לא חובה)").fill("סגור כבר חודש");
  await page.getByTestId("report").getByRole("button", { name: "שליחת הדיווח" }).click();
  await expect(page).toHaveURL(`${base}/he/restaurant/${place.slug}/report`);
  await expect(page.getByText("בחרו מה לא נכון.")).toBeVisible();
  await expect(page.getByLabel("פרטים (לא חובה)")).toHaveValue("סגור כבר חודש");
  expect((await reportsOf()).length).toBe(before);
  await page.getByLabel("נסגרה לצמיתות").check();
  await page.getByRole("button", { name: "שליחת הדיווח" }).click();
  await expect(page.getByTestId("report-thanks")).toContainText("תודה!");
  const rows = await reportsOf();
  expect(rows.length).toBe(before + 1);
  expect(rows.find((row) => row.note === "סגור כבר חודש")).toMatchObject({ reason: "closed", proof_of_work: false });

  // In English too, and the stricter limit for reports without a proof-of-work has its message.
  await page.goto(`${base}/en/restaurant/${place.slug}/report`);
  await page.getByLabel("Something else").check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByTestId("report-thanks")).toContainText("Thank you!");
  await page.goto(`${base}/en/restaurant/${place.slug}/report`);
  await page.getByLabel("Something else").check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("alert")).toContainText(/Too many attempts\. Please wait \d+ minutes and try again\./);
  expect((await reportsOf()).length).toBe(before + 2);
  await context.close();
});

test("the queue: admins see every report escaped, with the no-JavaScript mark, and resolve one; the nav counts open reports", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin", { server });
  const open = (await reportsOf()).filter((row) => row.status === "open").length;
  await page.goto(`${base}/dashboard/reports`);
  await expect(page.getByRole("heading", { name: "Problem reports" })).toBeVisible();
  await expect(page.getByTestId("open-reports")).toHaveText(String(open));
  const hours = page.getByTestId("report-row").filter({ hasText: "Wrong opening hours" });
  await expect(hours.getByTestId("report-note")).toHaveText("Closes at 22:00 <b>now</b>");
  await expect(hours.getByRole("link", { name: "diner@example.com" })).toBeVisible();
  await expect(
    page.getByTestId("report-row").filter({ hasText: "Closed permanently" }).getByTestId("report-basic"),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await hours.getByLabel("Note for the team (optional)").fill("Hours fixed after a call");
  await hours.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByText("The report is resolved.")).toBeVisible();
  await expect(page.getByTestId("open-reports")).toHaveText(String(open - 1));
  await page.getByLabel("Status").selectOption("resolved");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/status=resolved/);
  await expect(page.getByTestId("report-events")).toContainText("Resolved by");
  await expect(page.getByTestId("report-events")).toContainText("Hours fixed after a call");
  // The reporter's reply.
  await expect
    .poll(
      () =>
        outbox().filter(
          (mail) =>
            mail.includes("We looked into it and updated the listing.") && mail.includes("To: diner@example.com"),
        ).length,
      {
        timeout: 10_000,
      },
    )
    .toBe(1);

  await page.goto(`${base}/he/dashboard/reports`);
  await expect(page.getByRole("heading", { name: "דיווחים על בעיות" })).toBeVisible();
  await expect(page.getByTestId("report-row").first()).toContainText("סגירת המסעדה לצמיתות…");
  await expectNoSeriousA11yViolations(page);
});

/** A listing of its own with one open report, so closing it touches no other test's place. */
async function closingCase(slug: string) {
  const [row] = await server.database.db
    .insert(restaurants)
    .values(buildRestaurant({ slug, name_en: `Closing ${slug}`, name_he: `סגירה ${slug}` }))
    .returning();
  await server.database.db.insert(reports).values({
    restaurant_id: row!.id,
    reason: "closed",
    note: `gone ${slug}`,
    proof_of_work: true,
    notified_at: new Date(),
  });
  const closed = async () =>
    (await server.database.db.select().from(restaurants).where(eq(restaurants.id, row!.id)))[0]!.is_permanently_closed;
  return { name: row!.name_en, nameHe: row!.name_he!, closed };
}

test("closing the restaurant from a report is named for what it does and asks first (Cancel changes nothing)", async ({
  page,
  signedInAs,
}) => {
  const listing = await closingCase("closing-with-js");
  await signedInAs("admin", { server });
  await page.goto(`${base}/dashboard/reports`);
  const card = page.getByTestId("report-row").filter({ hasText: `gone closing-with-js` });
  await card.getByRole("button", { name: "Close the restaurant permanently…" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading")).toHaveText(`Close \u2068${listing.name}\u2069 permanently?`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await listing.closed()).toBe(false);

  await card.getByRole("button", { name: "Close the restaurant permanently…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, close it permanently" }).click();
  await expect(page.getByText("The restaurant is shown as permanently closed and the report resolved.")).toBeVisible();
  await expect.poll(listing.closed).toBe(true);
});

test("without JavaScript, in Hebrew: closing takes a second step that names the restaurant", async ({
  browser,
  signedInAs,
}) => {
  const listing = await closingCase("closing-without-js");
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedInAs("admin", { server, context });
  const page = await context.newPage();
  await page.goto(`${base}/he/dashboard/reports`);
  const card = page.getByTestId("report-row").filter({ hasText: `gone closing-without-js` });
  await card.getByLabel("הערה לצוות (לא חובה)").fill("התקשרנו: סגור");
  await card.getByRole("button", { name: "סגירת המסעדה לצמיתות…" }).click();
  const step = page.getByTestId("report-close-confirm");
  await expect(step).toContainText(`לסגור את \u2068${listing.nameHe}\u2069 לצמיתות?`);
  expect(await listing.closed()).toBe(false);
  await step.getByRole("button", { name: "כן, לסגור לצמיתות" }).click();
  // Back on the queue of open reports, where this one no longer is.
  await expect(page.getByRole("heading", { name: "דיווחים על בעיות" })).toBeVisible();
  await expect(page.getByTestId("report-row").filter({ hasText: `gone closing-without-js` })).toHaveCount(0);
  expect(await listing.closed()).toBe(true);
  await context.close();
});

test("the queue: a linked owner reads the reports on their restaurant, without the reporter's address or actions", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner", { server, owns: [place.slug] });
  await page.goto(`${base}/he/dashboard/reports?status=all`);
  await expect(page.getByText("אפשר לקרוא את הדיווחים על המסעדות שלכם")).toBeVisible();
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "סימון כטופל" })).toHaveCount(0);
  await expect(page.getByText("diner@example.com")).toHaveCount(0);
});

// Found with the queue: an action that sends the browser back to its own page redirected to the
// page's data address (…/users.data), which showed "Page not found" after a role change.
test("the user administration page stays on itself after a role change with JavaScript", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin", { server });
  const guest = await server.signIn({ role: "guest" });
  await page.goto(`${base}/dashboard/users?q=${encodeURIComponent(guest.email)}`);
  await page.getByLabel(`Role for ${guest.email}`).selectOption("owner");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Role updated")).toBeVisible();
  await expect(page).toHaveURL(`${base}/dashboard/users?q=${encodeURIComponent(guest.email)}`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Oops! Page not found");
});

test("reached from the English page by the language switch, the Hebrew page's report form opens in Hebrew", async ({
  page,
}) => {
  await page.goto("/en/restaurant/olive-and-ember");
  await page.waitForLoadState("networkidle");
  await page.locator('header a[hreflang="he"]').first().click();
  await expect(page).toHaveURL(/\/he\/restaurant\/olive-and-ember$/);
  await page.getByTestId("report").getByText("דיווח על בעיה").click();
  await expect(page.getByTestId("report").getByRole("button", { name: "שליחת הדיווח" })).toBeVisible();
  await expect(page.getByTestId("report").getByLabel("פרטים (לא חובה)")).toBeVisible();
});
