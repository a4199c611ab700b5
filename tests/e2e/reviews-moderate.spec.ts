// Reviews' moderation in a real browser, in English and Hebrew: a diner reports a review and, with
// a second report, it is hidden; an admin decides it from the queue; a kashrut concern is also sent
// to the problem reports; the owner replies and edits the reply (a diner may not); an admin approves
// a held review (with JavaScript, and without) and rejects one with a reason (its author is
// e-mailed it); the watched words;
// axe on every page, and 360 px without sideways scrolling. Its own server and database; review
// rows are inserted as the writing side stores them.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { insertRestaurant } from "../../database/factories";
import type { HoldSignal, ReviewStatus } from "../../database/reviews";
import { users } from "../../database/schema/auth";
import { rateLimits } from "../../database/schema/people";
import { reports } from "../../database/schema/reports";
import { reviewReplies, reviews, reviewWatchedWords } from "../../database/schema/reviews";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, waitForAppOnLoad } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";
import { readOutbox } from "./outbox";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
const place: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: false });
  base = server.baseUrl;
  const bistro = await insertRestaurant(server.database.db, {
    slug: "review-bistro",
    name_en: "Review Bistro",
    name_he: "ביסטרו ביקורת",
    address: "1 Review St",
  });
  place.id = bistro.id;
});
test.beforeEach(async () => {
  await server.database.db.delete(rateLimits);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A new account of this role signed in in `context`; `established` makes it older than the new-account age. */
async function signedIn(
  context: BrowserContext,
  role: "guest" | "owner" | "admin",
  { established = false, owns = [] as string[] } = {},
) {
  const user = await server.signIn({ role, owns });
  if (established)
    await server.database.db
      .update(users)
      .set({ createdAt: new Date("2025-01-01T00:00:00Z") })
      .where(eq(users.id, user.id));
  await context.addCookies([{ ...user.cookie, url: base, httpOnly: true, sameSite: "Lax" }]);
  return user;
}

/** A review of the bistro by a new account, as the writing side stores it. */
async function insertReview(body: string, status: ReviewStatus = "published", heldFor: HoldSignal[] = []) {
  const author = await server.signIn({ role: "guest" });
  const [row] = await server.database.db
    .insert(reviews)
    .values({
      restaurant_id: place.id!,
      author_id: author.id,
      rating: 3,
      body,
      language: /[\u05D0-\u05EA]/.test(body) ? "he" : "en",
      ate_here: true,
      visit_month: "2026-09",
      status,
      held_for: heldFor,
      published_at: status === "published" ? new Date() : null,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const statusOf = async (id: string) =>
  (await server.database.db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id)))[0]?.status;

async function noSideScroll(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, page.url()).toBeLessThanOrEqual(view);
}

async function adminPage(browser: Browser, options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.width ? { viewport: { width: options.width, height: 800 } } : {}),
  });
  await signedIn(context, "admin");
  const page = await context.newPage();
  return { context, page: options.javaScriptEnabled === false ? page : waitForAppOnLoad(page) };
}

test("English: two reports hide a review, and an admin's approval shows it again, logged", async ({
  page,
  context,
  browser,
}) => {
  const id = await insertReview("The waiter Dan was slow and rude; the soup was cold when it came.");
  const reportUrl = `${base}/en/restaurant/review-bistro/reviews/${id}/report`;
  // A visitor is asked to sign in, and comes back here.
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(reportUrl);
  await expect(anonymous.getByTestId("review-report-sign-in").getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/login?next=${encodeURIComponent(`/en/restaurant/review-bistro/reviews/${id}/report`)}`,
  );
  await visitor.close();

  // An established diner reports it (weight 2): still shown.
  await signedIn(context, "guest", { established: true });
  await waitForAppOnLoad(page).goto(reportUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a review of Review Bistro");
  await expect(page.getByTestId("quoted-review")).toContainText("the soup was cold");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("radio", { name: "A personal attack" }).check();
  await page.getByLabel("Anything an admin should know? (optional)").fill("It names a waiter.");
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByTestId("review-report-sent")).toHaveText("Thank you. An admin will look at this review.");
  expect(await statusOf(id)).toBe("published");
  await page.reload();
  await expect(page.getByTestId("review-report-already")).toBeVisible();

  // A second established diner, without JavaScript: 2 + 2 reach the threshold and hide it.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await signedIn(noJs, "guest", { established: true });
  const second = await noJs.newPage();
  await second.goto(reportUrl);
  await second.getByRole("radio", { name: "Spam, or not a first-hand visit" }).check();
  await second.getByRole("button", { name: "Send the report" }).click();
  await expect(second.getByTestId("review-report-sent")).toBeVisible();
  await noJs.close();
  expect(await statusOf(id)).toBe("hidden");

  // The admin sees it among the reported, with the reports and the log, and approves it.
  const { context: adminContext, page: admin } = await adminPage(browser);
  await admin.goto(`${base}/dashboard/reviews`);
  await expect(admin.getByTestId("open-reviews")).toHaveText("1");
  await admin.getByTestId("moderation-tab-reported").click();
  const row = admin.getByTestId("moderation-row").filter({ hasText: "the soup was cold" });
  await expect(row).toContainText("Hidden by reports");
  await expect(row.getByTestId("moderation-reports")).toContainText("A personal attack: weight 2");
  await expect(row.getByTestId("moderation-reports")).toContainText("It names a waiter.");
  await expect(row.getByTestId("moderation-history")).toContainText("Hidden by reports by reports");
  await expectNoSeriousA11yViolations(admin);
  await row.getByRole("button", { name: "Approve and publish" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Approve and publish" }).click();
  await expect(admin.getByText("The review is published.")).toBeVisible();
  await expect(admin.getByTestId("moderation-empty")).toBeVisible();
  await adminContext.close();
  expect(await statusOf(id)).toBe("published");
});

test("Hebrew at 360 px: a kashrut concern is also sent to the problem reports", async ({ browser, browserErrors }) => {
  // The post without a reason answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/reviews\/[^/]+\/report\.data$/ });
  const id = await insertReview("הפלאפל טעים, אבל לא ראיתי תעודה על הקיר בכלל.");
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await signedIn(context, "guest");
  const page = waitForAppOnLoad(await context.newPage());
  await page.goto(`${base}/he/restaurant/review-bistro/reviews/${id}/report`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("דיווח על ביקורת על ביסטרו ביקורת");
  await expect(page.getByTestId("quoted-review")).toContainText("נכתבה בעברית");
  await noSideScroll(page);
  await expectNoSeriousA11yViolations(page);
  // No reason chosen: the page's message, nothing stored.
  await page.getByRole("button", { name: "שליחת הדיווח" }).click();
  await expect(page.getByText("יש לבחור למה מדווחים על הביקורת.")).toBeVisible();
  await page.getByRole("radio", { name: /חשש בענייני כשרות/ }).check();
  await page.getByRole("button", { name: "שליחת הדיווח" }).click();
  await expect(page.getByTestId("review-report-sent")).toHaveText(
    "תודה. החשש בענייני כשרות הועבר גם לדיווחי הכשרות שלנו.",
  );
  const problems = await server.database.db.select().from(reports).where(eq(reports.restaurant_id, place.id!));
  expect(problems.some((row) => row.reason === "kashrut" && row.note.includes("לא ראיתי תעודה"))).toBe(true);
  await context.close();
});

test("the owner replies and edits the reply, in English and Hebrew; a diner may not reply", async ({
  page,
  context,
  browser,
  browserErrors,
}) => {
  // The diner's refused visit answers 403, which Chromium logs.
  browserErrors.expect({ text: /status of 403/, url: /\/reviews\/[^/]+\/reply$/ });
  const id = await insertReview("Lovely shakshuka and quick service on a Friday morning.");
  await signedIn(context, "owner", { owns: ["review-bistro"] });
  await waitForAppOnLoad(page).goto(`${base}/en/restaurant/review-bistro/reviews/${id}/reply`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reply to a review of Review Bistro");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Your reply").fill("Thank you! See you next Friday.");
  await page.getByRole("button", { name: "Publish the reply" }).click();
  await expect(page.getByTestId("review-reply-saved")).toHaveText("Your reply is published.");
  await page.goto(`${base}/he/restaurant/review-bistro/reviews/${id}/reply`);
  await expect(page.getByLabel("התגובה שלך")).toHaveValue("Thank you! See you next Friday.");
  await page.getByLabel("התגובה שלך").fill("תודה רבה! נתראה ביום שישי.");
  await page.getByRole("button", { name: "שמירת התגובה" }).click();
  await expect(page.getByTestId("review-reply-saved")).toHaveText("התגובה שלך עודכנה.");
  await expect(page.getByTestId("review-reply-edits")).toHaveText("מספר העריכות: 1");
  await expectNoSeriousA11yViolations(page);
  const [reply] = await server.database.db.select().from(reviewReplies).where(eq(reviewReplies.review_id, id));
  expect(reply?.body).toBe("תודה רבה! נתראה ביום שישי.");

  // A diner gets the refusal, and their post stores nothing.
  const diner = await browser.newContext();
  await signedIn(diner, "guest");
  const dinerPage = await diner.newPage();
  const response = await dinerPage.goto(`${base}/en/restaurant/review-bistro/reviews/${id}/reply`);
  expect(response?.status()).toBe(403);
  await diner.close();
});

test("an admin approves a held review in Hebrew, without JavaScript too, and rejects one with a reason", async ({
  browser,
  browserErrors,
}) => {
  // The rejection without a reason answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/dashboard\/reviews\.data/ });
  const held = await insertReview("ביקורת ראשונה שלי: החומוס מצוין והמחירים הוגנים מאוד.", "held", [
    "new-account",
    "first-review",
  ]);
  const second = await insertReview("Great burgers, call 054-1234567 for a discount on your order!", "held", ["phone"]);
  const third = await insertReview("Nice coffee and a quiet corner to work in the afternoon.", "held", [
    "first-review",
  ]);

  const { context, page: admin } = await adminPage(browser, { width: 360 });
  await admin.goto(`${base}/he/dashboard/reviews`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("ביקורות להחלטה");
  const row = admin.getByTestId("moderation-row").filter({ hasText: "החומוס מצוין" });
  await expect(row.getByTestId("moderation-signals")).toContainText("החשבון חדש");
  await expect(row.getByTestId("moderation-signals")).toContainText("זו הביקורת הראשונה של החשבון");
  await noSideScroll(admin);
  await expectNoSeriousA11yViolations(admin);
  await row.getByRole("button", { name: "אישור ופרסום" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "אישור ופרסום" }).click();
  await expect(admin.getByText("הביקורת פורסמה.")).toBeVisible();
  expect(await statusOf(held)).toBe("published");

  // Reject in English: a reason is required, and kept for the author.
  await admin.goto(`${base}/dashboard/reviews`);
  const phoneRow = admin.getByTestId("moderation-row").filter({ hasText: "054-1234567" });
  await expect(phoneRow.getByTestId("moderation-signals")).toContainText("the text holds a phone number");
  await phoneRow.getByRole("button", { name: "Reject" }).click();
  await expect(phoneRow.getByText("Write the reason the author will see.")).toBeVisible();
  expect(await statusOf(second)).toBe("held");
  await phoneRow
    .getByLabel("Reason for a rejection (the author sees it)")
    .fill("Phone numbers and offers are not reviews.");
  await phoneRow.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByText("The review is rejected; its author sees the reason.")).toBeVisible();
  const [rejected] = await server.database.db.select().from(reviews).where(eq(reviews.id, second));
  expect(rejected).toMatchObject({ status: "rejected", rejection_reason: "Phone numbers and offers are not reviews." });
  // Its author is told, in the review's language, with the reason.
  await expect
    .poll(() =>
      readOutbox(server.dataDir).some(
        (mail) =>
          mail.includes("was not published") && mail.includes("The reason: Phone numbers and offers are not reviews."),
      ),
    )
    .toBe(true);
  await context.close();

  // Without JavaScript, the approve button posts the approval itself.
  const { context: plain, page: noJs } = await adminPage(browser, { javaScriptEnabled: false });
  await noJs.goto(`${base}/dashboard/reviews`);
  await noJs
    .getByTestId("moderation-row")
    .filter({ hasText: "quiet corner" })
    .getByRole("button", { name: "Approve and publish" })
    .click();
  await expect(noJs.getByTestId("moderation-empty")).toBeVisible();
  expect(await statusOf(third)).toBe("published");
  await plain.close();
});

test("admins keep the watched words, in English and Hebrew, at 360 px", async ({ browser, browserErrors }) => {
  // The duplicate answers 409, which Chromium logs.
  browserErrors.expect({ text: /status of 409/, url: /\/dashboard\/reviews\/words\.data/ });
  const { context, page } = await adminPage(browser, { width: 360 });
  await page.goto(`${base}/dashboard/reviews`);
  await page.getByRole("link", { name: "Watched words" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Watched words");
  await page.getByLabel("Word or phrase").fill("  Best DEAL ");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("The word is watched.")).toBeVisible();
  await expect(page.getByTestId("watched-word")).toContainText("best deal");
  await page.getByLabel("Word or phrase").fill("best deal");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("“best deal” is on the list already.")).toBeVisible();
  await noSideScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/dashboard/reviews/words`);
  await page.getByLabel("מילה או ביטוי").fill("מִבְצָע");
  await page.getByRole("button", { name: "הוספה" }).click();
  await expect(page.getByText("המילה נוספה למעקב.")).toBeVisible();
  await expect(page.getByTestId("watched-words-count")).toHaveText("2 מילים");
  await noSideScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "הסרת best deal" }).click();
  await expect(page.getByText("המילה הוסרה.")).toBeVisible();
  const words = await server.database.db.select().from(reviewWatchedWords);
  expect(words.map((row) => row.word)).toEqual(["מבצע"]);
  await context.close();
});
