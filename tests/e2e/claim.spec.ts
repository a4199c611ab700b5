// "Is this your restaurant?" and the claims queue (ADR 023), in a real browser, in English and
// Hebrew: a visitor sees the link and is asked to sign in; a guest claims a listing without owners
// with a proof file (with JavaScript, and without); an admin approves, and the claimant — now an
// owner — edits the listing from the dashboard; an admin rejects with a reason, which the claimant
// reads in the e-mail and on the claim page. Its own server and database, so the claims and e-mails
// are this file's alone.
import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { FACTORY_PASSWORD, insertRestaurant } from "../../database/factories";
import { users } from "../../database/schema/auth";
import { claims } from "../../database/schema/lifecycle";
import { rateLimits } from "../../database/schema/people";
import { restaurants } from "../../database/schema/restaurants";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, fileOnDisk, test, waitForAppOnLoad } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";
import { readOutbox } from "./outbox";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
let proof: Buffer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: false });
  base = server.baseUrl;
  proof = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#f4f1e8" } })
    .jpeg()
    .toBuffer();
  await insertRestaurant(server.database.db, {
    slug: "claim-cafe",
    name_en: "Claim Cafe",
    name_he: "קפה בקשה",
    address: "1 Claim St",
  });
  await insertRestaurant(server.database.db, {
    slug: "nidche-grill",
    name_en: "Nidche Grill",
    name_he: "גריל נדחה",
    address: "2 Claim St",
  });
  await insertRestaurant(server.database.db, {
    slug: "quiet-deli",
    name_en: "Quiet Deli",
    name_he: "מעדניית שקט",
    address: "3 Claim St",
  });
});
test.beforeEach(async () => {
  await server.database.db.delete(rateLimits);
});
test.afterAll(async () => {
  await server?.stop();
});

/** The e-mails in the development outbox, as they read. */
const outbox = () => readOutbox(server.dataDir);

/** A page in a new context signed in as a new account of this role. */
async function signedIn(context: BrowserContext, role: "guest" | "admin") {
  const user = await server.signIn({ role });
  await context.addCookies([{ ...user.cookie, url: base, httpOnly: true, sameSite: "Lax" }]);
  return user;
}

async function noSideScroll(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, page.url()).toBeLessThanOrEqual(view);
}

test("a visitor sees the link on a listing without owners and is asked to log in or sign up", async ({ page }) => {
  await page.goto(`${base}/en/restaurant/claim-cafe`);
  await page.getByRole("link", { name: "Is this your restaurant?" }).click();
  await expect(page).toHaveURL(`${base}/en/restaurant/claim-cafe/claim`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Is Claim Cafe your restaurant?");
  const prompt = page.getByTestId("claim-sign-in");
  // Signing up comes back here too (the sign-up page honours `next` as the login page does).
  await expect(prompt.getByRole("link", { name: "Sign up" })).toHaveAttribute(
    "href",
    "/signup?next=%2Fen%2Frestaurant%2Fclaim-cafe%2Fclaim",
  );
  await expectNoSeriousA11yViolations(page);
  await page.goto(`${base}/he/restaurant/claim-cafe`);
  await page.getByRole("link", { name: "זו המסעדה שלכם?" }).click();
  await expect(page.getByTestId("claim-sign-in").getByRole("link", { name: "התחברות" })).toHaveAttribute(
    "href",
    "/he/login?next=%2Fhe%2Frestaurant%2Fclaim-cafe%2Fclaim",
  );
  // Logging in brings the visitor back to the claim page, now with its form.
  const user = await server.signIn({ role: "guest" });
  await page.goto(`${base}/en/restaurant/claim-cafe/claim`);
  await page.getByTestId("claim-sign-in").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${base}/login?next=%2Fen%2Frestaurant%2Fclaim-cafe%2Fclaim`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(FACTORY_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(`${base}/en/restaurant/claim-cafe/claim`);
  await expect(page.getByRole("button", { name: "Send claim" })).toBeVisible();
});

test("an account whose e-mail address is not verified is told so, in English and Hebrew, and may have the link sent again; no form", async ({
  page,
  context,
}) => {
  const user = await signedIn(context, "guest");
  await server.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
  await page.goto(`${base}/en/restaurant/quiet-deli/claim`);
  const notice = page.getByTestId("claim-verify-first");
  await expect(notice).toContainText("is not confirmed yet");
  await expect(page.getByRole("button", { name: "Send claim" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`${base}/he/restaurant/quiet-deli/claim`);
  await expect(notice).toContainText("עדיין לא אומתה");
  await notice.getByRole("button", { name: "שליחת הקישור שוב" }).click();
  await expect(notice.getByRole("status")).toHaveText("שלחנו את הקישור שוב. ייתכן שיגיע בעוד כמה דקות.");
  await expect.poll(() => outbox().filter((mail) => mail.includes(user.email)).length).toBeGreaterThan(0);
});

test("English: a guest claims with a proof, an admin approves, and the new owner edits the listing", async ({
  page,
  context,
  browser,
  browserErrors,
}) => {
  // The refused post (a bad phone) answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/en\/restaurant\/claim-cafe\/claim\.data$/ });
  const guest = await signedIn(context, "guest");
  await page.goto(`${base}/en/restaurant/claim-cafe/claim`);
  await page.getByLabel("Your role at the restaurant").fill("Owner and chef");
  await page.getByLabel("Business phone").fill("not a phone");
  await page.getByLabel(/^Proof/).setInputFiles({ name: "certificate.jpg", mimeType: "image/jpeg", buffer: proof });
  await page.getByLabel("Anything to add (optional)").fill("We opened in 2019.");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Send claim" }).click();
  // A bad phone: its message, what was typed kept, nothing stored.
  await expect(page.getByText("Enter a phone number, like 03-555-1234.")).toBeVisible();
  await expect(page.getByLabel("Your role at the restaurant")).toHaveValue("Owner and chef");
  expect(await server.database.db.select().from(claims)).toHaveLength(0);
  await page.getByLabel("Business phone").fill("03-555-1234");
  await page.getByLabel(/^Proof/).setInputFiles({ name: "certificate.jpg", mimeType: "image/jpeg", buffer: proof });
  await page.getByRole("button", { name: "Send claim" }).click();
  await expect(page.getByTestId("claim-waiting")).toContainText("is waiting for review");
  await expectNoSeriousA11yViolations(page);

  // The admin's queue, in another browser.
  const adminContext = await browser.newContext();
  await signedIn(adminContext, "admin");
  const admin = waitForAppOnLoad(await adminContext.newPage());
  await admin.goto(`${base}/dashboard/claims`);
  await expect(admin.getByRole("heading", { name: "Claims", level: 1 })).toBeVisible();
  await expect(admin.getByTestId("open-claims")).toHaveText("1");
  const row = admin.getByTestId("claim-row").filter({ hasText: guest.email });
  await expect(row).toContainText("Owner and chef");
  await expect(row).toContainText("03-555-1234");
  await expect(row.getByTestId("claim-note")).toHaveText("We opened in 2019.");
  await expect(row.getByRole("link", { name: "Claim Cafe" })).toHaveAttribute("href", "/en/restaurant/claim-cafe");
  const proofHref = await row.getByTestId("claim-proof").getAttribute("href");
  expect((await admin.request.get(`${base}${proofHref}`)).status()).toBe(200);
  await expectNoSeriousA11yViolations(admin);
  await row.getByRole("button", { name: "Approve" }).click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText(`${guest.email} becomes an owner of Claim Cafe`);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Claim approved: the account is now an owner of the listing.")).toBeVisible();
  await expect(admin.getByTestId("open-claims")).toHaveCount(0);
  await adminContext.close();

  // The claimant is told, in English, with the dashboard's address.
  const mail = () =>
    outbox().find((one) => one.includes(guest.email) && one.includes("now manages the listing of Claim Cafe"));
  await expect.poll(mail, { timeout: 10_000 }).toBeTruthy();
  expect(mail()).toMatch(/http:\/\/\S+\/dashboard\s/);

  // Now an owner: the dashboard lists the listing, and its edit is saved.
  await page.goto(`${base}/dashboard`);
  await page.getByRole("link", { name: "Edit Claim Cafe" }).click();
  await expect(page.getByRole("heading", { name: "Edit Restaurant" })).toBeVisible();
  await page.getByLabel("Description (English)").fill("Updated by the owner who claimed it.");
  await page.getByRole("button", { name: "Save Restaurant" }).click();
  await expect(page.getByText("Restaurant updated successfully")).toBeVisible();
  // The owners' dashboard shows nothing of claims.
  await expect(page.getByRole("link", { name: "Claims" })).toHaveCount(0);

  // The public page no longer offers the claim, and says what the owner wrote.
  const visitor = waitForAppOnLoad(await browser.newPage());
  await visitor.goto(`${base}/en/restaurant/claim-cafe`);
  await expect(visitor.getByText("Updated by the owner who claimed it.")).toBeVisible();
  await expect(visitor.getByTestId("claim-link")).toHaveCount(0);
  await visitor.goto(`${base}/en/restaurant/claim-cafe/claim`);
  await expect(visitor.getByTestId("claim-managed")).toBeVisible();
  await visitor.close();
});

test("Hebrew: a claim rejected with a reason; the claimant reads it in the e-mail and on the page", async ({
  page,
  context,
  browser,
  browserErrors,
}) => {
  // The refused decision (no reason) answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/he\/dashboard\/claims\.data$/ });
  const guest = await signedIn(context, "guest");
  await page.goto(`${base}/he/restaurant/nidche-grill/claim`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("גריל נדחה היא המסעדה שלכם?");
  // The example phone in the Hebrew hint stays left to right and on one line (it broke at 360 px).
  const example = page.locator("#claim-phone-hint bdi[dir=ltr]");
  await expect(example).toHaveText("03-555-1234");
  await expect(example).toHaveCSS("white-space", "nowrap");
  await page.getByLabel("התפקיד שלכם במסעדה").fill("מנהלת");
  await page.getByLabel("טלפון העסק").fill("054-1234567");
  await page.getByLabel(/^הוכחה/).setInputFiles({ name: "תעודה.jpg", mimeType: "image/jpeg", buffer: proof });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "שליחת הבקשה" }).click();
  await expect(page.getByTestId("claim-waiting")).toContainText("ממתינה לבדיקה");

  const adminContext = await browser.newContext();
  await signedIn(adminContext, "admin");
  const admin = waitForAppOnLoad(await adminContext.newPage());
  await admin.goto(`${base}/he/dashboard/claims`);
  const row = admin.getByTestId("claim-row").filter({ hasText: guest.email });
  await expect(row).toContainText("מנהלת");
  await expectNoSeriousA11yViolations(admin);
  // No reason: refused, the claim stays open.
  await row.getByRole("button", { name: "דחייה" }).click();
  await expect(row.getByText("כתבו את הסיבה: היא נשלחת לחשבון.")).toBeVisible();
  await row.getByLabel("סיבת הדחייה (נשלחת לחשבון)").fill("התעודה שצורפה שייכת למסעדה אחרת.");
  await row.getByRole("button", { name: "דחייה" }).click();
  await expect(admin.getByText("הבקשה נדחתה, והחשבון קיבל את הסיבה.")).toBeVisible();
  await admin.getByLabel("סטטוס").selectOption("rejected");
  await admin.getByRole("button", { name: "הצגה" }).click();
  await expect(admin.getByTestId("claim-row").filter({ hasText: guest.email })).toContainText(
    "התעודה שצורפה שייכת למסעדה אחרת.",
  );
  await adminContext.close();

  const mail = () =>
    outbox().find((one) => one.includes(guest.email) && one.includes("התעודה שצורפה שייכת למסעדה אחרת."));
  await expect.poll(mail, { timeout: 10_000 }).toBeTruthy();
  expect(mail()).toContain("לא יכולנו לאשר את הבקשה שלכם לנהל את הדף של גריל נדחה");
  expect(mail()).toMatch(/href="http:\/\/[^"]+\/he\/restaurant\/nidche-grill\/claim"/);

  await page.reload();
  await expect(page.getByTestId("claim-decided")).toContainText("התעודה שצורפה שייכת למסעדה אחרת.");
  // They may claim again: the form is back.
  await expect(page.getByRole("button", { name: "שליחת הבקשה" })).toBeVisible();
});

test("without JavaScript: the claim form posts with its file and says what is missing", async ({
  browser,
  browserErrors,
}) => {
  // The refused post answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/en\/restaurant\/quiet-deli\/claim$/ });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedIn(context, "guest");
  const page = await context.newPage();
  await page.goto(`${base}/en/restaurant/quiet-deli/claim`);
  await page.getByLabel("Your role at the restaurant").fill("Manager");
  await page.getByLabel("Business phone").fill("03-777-8888");
  await page.getByRole("button", { name: "Send claim" }).click();
  await expect(page.getByText("Choose a file that proves the restaurant is yours.")).toBeVisible();
  await expect(page.getByLabel("Business phone")).toHaveValue("03-777-8888");
  await page.getByLabel(/^Proof/).setInputFiles({ name: "licence.jpg", mimeType: "image/jpeg", buffer: proof });
  await page.getByRole("button", { name: "Send claim" }).click();
  await expect(page.getByTestId("claim-waiting")).toBeVisible();
  await context.close();

  // An admin without JavaScript approves it too: the button posts the approval itself.
  const adminContext = await browser.newContext({ javaScriptEnabled: false });
  await signedIn(adminContext, "admin");
  const admin = await adminContext.newPage();
  const approved = () => server.database.db.$count(claims, eq(claims.status, "approved"));
  const before = await approved();
  await admin.goto(`${base}/dashboard/claims`);
  const row = admin.getByTestId("claim-row").filter({ hasText: "Quiet Deli" });
  await row.getByRole("button", { name: "Approve" }).click();
  // Decided, it leaves the open queue (the toast needs JavaScript).
  await expect(admin.getByTestId("claim-row").filter({ hasText: "Quiet Deli" })).toHaveCount(0);
  expect(await approved()).toBe(before + 1);
  await adminContext.close();
});

test("a proof over the limit: with JavaScript the field says so and nothing is sent; without, the page comes back with the message and what was typed (English and Hebrew)", async ({
  browser,
  browserErrors,
}) => {
  // Four rounds of a 12 MB file (two languages, with and without JavaScript).
  test.setTimeout(120_000);
  // The refused posts without JavaScript answer 413, which Chromium logs.
  browserErrors.expect({ text: /status of 413/, url: /\/restaurant\/big-proof-bistro\/claim$/ });
  await insertRestaurant(server.database.db, {
    slug: "big-proof-bistro",
    name_en: "Big Proof Bistro",
    name_he: "ביסטרו הוכחה גדולה",
    address: "4 Claim St",
  });
  const big = fileOnDisk("scan.jpg", 12 * 1024 * 1024);
  const words = {
    en: {
      role: "Your role at the restaurant",
      phone: "Business phone",
      proof: /^Proof/,
      send: "Send claim",
      tooLarge: "The proof can be at most 10 MB (an image at most 5 MB).",
    },
    he: {
      role: "התפקיד שלכם במסעדה",
      phone: "טלפון העסק",
      proof: /^הוכחה/,
      send: "שליחת הבקשה",
      tooLarge: "ההוכחה יכולה להיות עד 10MB (תמונה עד 5MB).",
    },
  } as const;
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    await signedIn(context, "guest");
    const page = await context.newPage();
    if (javaScriptEnabled) waitForAppOnLoad(page);
    for (const language of ["en", "he"] as const) {
      const w = words[language];
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.goto(`${base}/${language}/restaurant/big-proof-bistro/claim`);
      await page.getByLabel(w.role).fill("Owner");
      await page.getByLabel(w.phone).fill("03-111-2222");
      await page.getByLabel(w.proof).setInputFiles(big);
      await page.getByRole("button", { name: w.send }).click();
      await expect(page.getByText(w.tooLarge).first()).toBeVisible();
      await expect(page.getByLabel(w.proof)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(w.role)).toHaveValue("Owner");
      await expect(page.getByLabel(w.phone)).toHaveValue("03-111-2222");
      // With JavaScript nothing was sent; without, the one post came back as the page.
      expect(posts.length, `${language}, JavaScript ${javaScriptEnabled}`).toBe(javaScriptEnabled ? 0 : 1);
      page.removeAllListeners("request");
    }
    await context.close();
  }
  const [bistro] = await server.database.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.slug, "big-proof-bistro"));
  expect(await server.database.db.$count(claims, eq(claims.restaurant_id, bistro!.id))).toBe(0);
});

test("the claim page and the queue fit a 360 px phone, English and Hebrew", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await signedIn(context, "guest");
  const page = waitForAppOnLoad(await context.newPage());
  for (const prefix of ["/en", "/he"]) {
    await page.goto(`${base}${prefix}/restaurant/quiet-deli`);
    await noSideScroll(page);
    await page.goto(`${base}${prefix}/restaurant/nidche-grill/claim`);
    await expect(page.getByRole("button", { name: /Send claim|שליחת הבקשה/ })).toBeVisible();
    await noSideScroll(page);
  }
  await context.close();
  const adminContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await signedIn(adminContext, "admin");
  const admin = waitForAppOnLoad(await adminContext.newPage());
  for (const prefix of ["", "/he"]) {
    await admin.goto(`${base}${prefix}/dashboard/claims?status=all`);
    await expect(admin.getByTestId("claim-row").first()).toBeVisible();
    await noSideScroll(admin);
  }
  await adminContext.close();
});
