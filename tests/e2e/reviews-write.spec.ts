// A diner's review in a real browser, in English and Hebrew: write, edit and delete (asked first);
// a new account's review held (and shown once an admin published it); a watched word held; a text
// about kashrut offered the problem report, which opens filled in; posting and deleting without
// JavaScript; a visitor sent to log in and back; an owner told they cannot review their own place;
// axe and a 360 px screen. Its own server and database, so the reviews are this file's alone.
import type { BrowserContext, Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { insertRestaurant } from "../../database/factories";
import { users } from "../../database/schema/auth";
import { rateLimits } from "../../database/schema/people";
import { reviews, reviewVersions, reviewWatchedWords } from "../../database/schema/reviews";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
const ids: Record<string, string> = {};
const DAY = 86_400_000;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: false });
  base = server.baseUrl;
  for (const [slug, en, he] of [
    ["falafel-review", "Falafel Review", "פלאפל ביקורת"],
    ["history-bistro", "History Bistro", "ביסטרו היסטוריה"],
    ["owned-grill", "Owned Grill", "גריל בבעלות"],
  ] as const) {
    const row = await insertRestaurant(server.database.db, { slug, name_en: en, name_he: he, address: "1 Review St" });
    ids[slug] = row.id;
  }
});
test.beforeEach(async () => {
  await server.database.db.delete(rateLimits);
});
test.afterAll(async () => {
  await server?.stop();
});

const db = () => server.database.db;

async function signedIn(context: BrowserContext, options: { established?: boolean; owns?: string[] } = {}) {
  const user = await server.signIn({
    role: options.owns ? "owner" : "guest",
    ...(options.owns ? { owns: options.owns } : {}),
  });
  await context.addCookies([{ ...user.cookie, url: base, httpOnly: true, sameSite: "Lax" }]);
  if (options.established) {
    // An account two months old with a review published before: nothing holds its next one.
    const long = new Date(Date.now() - 60 * DAY);
    await db().update(users).set({ createdAt: long }).where(eq(users.id, user.id));
    await db()
      .insert(reviews)
      .values({
        restaurant_id: ids["history-bistro"]!,
        author_id: user.id,
        rating: 4,
        body: `An earlier dinner, written long ago by ${user.id}.`,
        language: "en",
        ate_here: true,
        visit_month: "2026-01",
        status: "published",
        created_at: long,
        updated_at: long,
        published_at: long,
      });
  }
  return user;
}

const reviewOf = async (userId: string, slug = "falafel-review") => {
  const [row] = await db()
    .select()
    .from(reviews)
    .where(and(eq(reviews.author_id, userId), eq(reviews.restaurant_id, ids[slug]!)));
  return row;
};

async function noSideScroll(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, page.url()).toBeLessThanOrEqual(view);
}

const WORDS = {
  en: {
    stars: (n: number) =>
      ({ 1: "1 star: poor", 3: "3 stars: good", 4: "4 stars: very good", 5: "5 stars: excellent" })[n]!,
    text: "Your review",
    month: "Month of the visit",
    ateHere: "I ate here",
    publish: "Publish review",
    save: "Save changes",
    remove: "Delete my review",
    yes: "Yes, delete it",
    language: "Written in",
  },
  he: {
    stars: (n: number) =>
      ({ 1: "כוכב אחד: חלש", 3: "3 כוכבים: טוב", 4: "4 כוכבים: טוב מאוד", 5: "5 כוכבים: מצוין" })[n]!,
    text: "הביקורת שלכם",
    month: "חודש הביקור",
    ateHere: "אכלתי כאן",
    publish: "פרסום הביקורת",
    save: "שמירת השינויים",
    remove: "מחיקת הביקורת שלי",
    yes: "כן, למחוק",
    language: "שפת הכתיבה",
  },
} as const;

async function fillReview(page: Page, language: "en" | "he", review: { stars: number; text: string }) {
  const words = WORDS[language];
  await page.getByRole("radio", { name: words.stars(review.stars) }).check();
  await page.getByLabel(words.text, { exact: true }).fill(review.text);
  await page.getByLabel(words.ateHere).check();
  await page.getByLabel(words.month).fill("2026-10");
}

for (const language of ["en", "he"] as const) {
  const words = WORDS[language];
  const path = `/${language}/restaurant/falafel-review/review`;

  test(`${language}: an established diner writes, edits and deletes a review`, async ({ browser }) => {
    const context = await browser.newContext();
    const user = await signedIn(context, { established: true });
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await expectNoSeriousA11yViolations(page);
    const text =
      language === "en"
        ? "Crisp falafel, fresh salads and a warm welcome at the counter."
        : "פלאפל פריך, סלטים טריים וקבלת פנים חמה ליד הדלפק.";
    await fillReview(page, language, { stars: 4, text });
    // The language was recognised from the letters.
    await expect(page.getByLabel(words.language)).toHaveValue(language);
    await page.getByRole("button", { name: words.publish }).click();
    await expect(page.getByTestId("review-state")).toContainText(
      language === "en" ? "Your review is published." : "הביקורת שלכם מפורסמת.",
    );
    expect(await reviewOf(user.id)).toMatchObject({ status: "published", rating: 4, body: text, language });

    // Edit: the form holds the review; the latest version counts, the earlier one is kept.
    await expect(page.getByLabel(words.text, { exact: true })).toHaveValue(text);
    await expect(page.getByRole("radio", { name: words.stars(4) })).toBeChecked();
    await page.getByRole("radio", { name: words.stars(5) }).check();
    await page
      .getByLabel(words.text, { exact: true })
      .fill(`${text} ${language === "en" ? "Even better the second time." : "בפעם השנייה אפילו טוב יותר."}`);
    await page.getByRole("button", { name: words.save }).click();
    await expect.poll(async () => (await reviewOf(user.id))?.rating).toBe(5);
    const row = await reviewOf(user.id);
    expect(await db().$count(reviewVersions, eq(reviewVersions.review_id, row!.id))).toBe(1);

    // Delete: asked first.
    await page.getByRole("button", { name: words.remove }).click();
    await expect(page.getByTestId("review-delete-confirm")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: words.yes }).click();
    await expect(page).toHaveURL(`${base}/${language}/restaurant/falafel-review`);
    expect(await reviewOf(user.id)).toBeUndefined();
    await context.close();
  });

  test(`${language}: without JavaScript a review is posted, and deleted after the question`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const user = await signedIn(context, { established: true });
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    const text =
      language === "en"
        ? "Good hummus without any script running in my browser at all."
        : "חומוס טוב, גם בלי שום סקריפט שרץ בדפדפן שלי.";
    await fillReview(page, language, { stars: 3, text });
    // Without JavaScript nothing recognises the language: the author chooses it.
    await page.getByLabel(words.language).selectOption(language);
    await page.getByRole("button", { name: words.publish }).click();
    await expect(page.getByTestId("review-state")).toBeVisible();
    expect(await reviewOf(user.id)).toMatchObject({ status: "published", rating: 3, language });
    await page.getByRole("button", { name: words.remove }).click();
    await page.getByRole("button", { name: words.yes }).click();
    await expect(page).toHaveURL(`${base}/${language}/restaurant/falafel-review`);
    expect(await reviewOf(user.id)).toBeUndefined();
    await context.close();
  });
}

test("he: a new account's review is held, says why, and shows published once an admin approves it", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const user = await signedIn(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${base}/he/restaurant/falafel-review/review`);
  await fillReview(page, "he", { stars: 5, text: "השניצל היה עסיסי והצ׳יפס פריך, שירות מהיר." });
  await page.getByRole("button", { name: WORDS.he.publish }).click();
  const state = page.getByTestId("review-state");
  await expect(state).toContainText("ממתינה לבדיקה של מנהל");
  await expect(state).toContainText("החשבון שלכם חדש");
  await expect(state).toContainText("זו הביקורת הראשונה שלכם");
  await noSideScroll(page);
  await expectNoSeriousA11yViolations(page);
  // It was sent with the proof-of-work the browser found (a new account's ordinary quota).
  expect(await db().$count(rateLimits, eq(rateLimits.key, `review:account:${user.id}`))).toBe(1);
  // An admin approves it (the queue's own test clicks the button): the author sees it published.
  await db()
    .update(reviews)
    .set({ status: "published", published_at: new Date() })
    .where(eq(reviews.author_id, user.id));
  await page.reload();
  await expect(state).toContainText("הביקורת שלכם מפורסמת.");
  await context.close();
});

test("en: a watched word holds a review", async ({ browser }) => {
  await db().insert(reviewWatchedWords).values({ word: "voucher" }).onConflictDoNothing();
  const context = await browser.newContext();
  const user = await signedIn(context, { established: true });
  const page = await context.newPage();
  await page.goto(`${base}/en/restaurant/falafel-review/review`);
  await fillReview(page, "en", { stars: 5, text: "Lovely lunch, and they gave me a Voucher for writing this." });
  await page.getByRole("button", { name: WORDS.en.publish }).click();
  await expect(page.getByTestId("review-state")).toContainText("it holds a word we check by hand");
  expect(await reviewOf(user.id)).toMatchObject({ status: "held", held_for: ["watched-word"] });
  await context.close();
});

for (const language of ["en", "he"] as const) {
  test(`${language}: a text about kashrut is offered the problem report, which opens filled in`, async ({
    browser,
    browserErrors,
  }) => {
    // The refused post answers 400, which Chromium logs.
    browserErrors.expect({ text: /status of 400/, url: /\/restaurant\/falafel-review\/review/ });
    const context = await browser.newContext();
    const user = await signedIn(context, { established: true });
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${base}/${language}/restaurant/falafel-review/review`);
    const text =
      language === "en"
        ? "Nice pita, but I could not see the teuda anywhere on the wall."
        : "פיתה טובה, אבל לא ראיתי את התעודה בשום מקום על הקיר.";
    await fillReview(page, language, { stars: 3, text });
    await page.getByRole("button", { name: WORDS[language].publish }).click();
    const offer = page.getByTestId("kashrut-report-link");
    await expect(offer).toBeVisible();
    await noSideScroll(page);
    await expectNoSeriousA11yViolations(page);
    // The text is kept in the form, and nothing was stored.
    await expect(page.getByLabel(WORDS[language].text, { exact: true })).toHaveValue(text);
    expect(await reviewOf(user.id)).toBeUndefined();
    await offer.click();
    await expect(page).toHaveURL(new RegExp(`/${language}/restaurant/falafel-review/report\\?reason=kashrut`));
    await expect(page.getByRole("radio", { checked: true })).toHaveValue("kashrut");
    await expect(page.locator("textarea[name=note]")).toHaveValue(text);
    await context.close();
  });
}

test("en: ticking 'about the food and service' sends a kashrut text, held", async ({ browser, browserErrors }) => {
  browserErrors.expect({ text: /status of 400/, url: /\/restaurant\/falafel-review\/review/ });
  const context = await browser.newContext();
  const user = await signedIn(context, { established: true });
  const page = await context.newPage();
  await page.goto(`${base}/en/restaurant/falafel-review/review`);
  await fillReview(page, "en", { stars: 4, text: "They showed the hechsher proudly; the sabich was superb." });
  await page.getByRole("button", { name: WORDS.en.publish }).click();
  await page.getByLabel("My review is about the food and service, not kashrut").check();
  await page.getByRole("button", { name: WORDS.en.publish }).click();
  await expect(page.getByTestId("review-state")).toContainText("it speaks of kashrut");
  expect(await reviewOf(user.id)).toMatchObject({ status: "held", held_for: ["kashrut"] });
  await context.close();
});

test("a visitor is sent to log in and back; an owner is told they cannot review their own place", async ({
  page,
  browser,
}) => {
  await page.goto(`${base}/en/restaurant/falafel-review/review`);
  await expect(page).toHaveURL(`${base}/login?next=${encodeURIComponent("/en/restaurant/falafel-review/review")}`);
  const context = await browser.newContext();
  await signedIn(context, { owns: ["owned-grill"] });
  const owner = await context.newPage();
  await owner.goto(`${base}/he/restaurant/owned-grill/review`);
  await expect(owner.getByTestId("review-own-place")).toBeVisible();
  await expect(owner.getByTestId("review-form")).toHaveCount(0);
  await expectNoSeriousA11yViolations(owner);
  await context.close();
});
