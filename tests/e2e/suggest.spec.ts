// "Suggest a restaurant" and the admins' suggestions queue (ADR 023), in a real browser, in English
// and Hebrew, with JavaScript (the proof-of-work found in the page) and without (a multipart form
// posting to its own page), with a certificate photo; then an admin approves one (the prefilled
// form, saved: its public page exists), merges one into an existing listing, and rejects one with
// a reason, the visitor e-mailed each time in their language. Its own server and database (demo
// data), so the suggestions and e-mails are this file's alone.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { suggestions } from "../../database/schema/lifecycle";
import { rateLimits } from "../../database/schema/people";
import { restaurants } from "../../database/schema/restaurants";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, fileOnDisk, test, waitForAppOnLoad } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";
import { readOutbox } from "./outbox";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
let listed: { id: string; slug: string; name: string; nameHe: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: true });
  base = server.baseUrl;
  const [row] = await server.database.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.is_permanently_closed, false))
    .limit(1);
  listed = { id: row!.id, slug: row!.slug, name: row!.name_en, nameHe: row!.name_he ?? row!.name_en };
});
test.beforeEach(async () => {
  // Every test suggests from 127.0.0.1: each starts under the limits.
  await server.database.db.delete(rateLimits);
});
test.afterAll(async () => {
  await server?.stop();
});

const suggested = (name: string) =>
  server.database.db
    .select()
    .from(suggestions)
    .where(eq(suggestions.name_en, name))
    .then((rows) => rows[0]);
const suggestedHe = (name: string) =>
  server.database.db
    .select()
    .from(suggestions)
    .where(eq(suggestions.name_he, name))
    .then((rows) => rows[0]);

/** The e-mails in the development outbox, as they read. */
const outbox = () => readOutbox(server.dataDir);

async function photo() {
  const buffer = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#cc9933" } })
    .jpeg()
    .toBuffer();
  return { name: "teuda.jpg", mimeType: "image/jpeg", buffer };
}

async function expectNoSidewaysScroll(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, `${page.url()} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

test.describe("with JavaScript", () => {
  test("English: from the footer, with a certificate photo; a thank-you in place, nothing public", async ({ page }) => {
    const before = await server.database.db.$count(restaurants);
    await page.goto(`${base}/`);
    await page.getByTestId("footer-suggest").click();
    await expect(page).toHaveURL(`${base}/suggest`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suggest a restaurant");
    await page.getByLabel("Name in English").fill("Shuk Sabich");
    await page.getByLabel("Address").fill("Levinsky 41, Tel Aviv");
    await page.getByLabel("Kashrut, as you know it").fill("Rabbinate, mehadrin");
    await page.getByLabel("Website or link (optional)").fill("shuk-sabich.example");
    await page.getByLabel("Photo of the kashrut certificate (optional)").setInputFiles(await photo());
    await page.getByLabel("Your e-mail (optional)").fill("approve-me@example.com");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Send the suggestion" }).click();
    const thanks = page.getByTestId("suggest-thanks");
    await expect(thanks).toContainText("We will review your suggestion.");
    await expect(thanks).toBeFocused();
    await expect(page).toHaveURL(`${base}/suggest`);
    expect(await suggested("Shuk Sabich")).toMatchObject({
      address: "Levinsky 41, Tel Aviv",
      link: "https://shuk-sabich.example",
      email: "approve-me@example.com",
      language: "en",
      proof_of_work: true,
      status: "open",
      certificate_url: expect.stringMatching(/^\/uploads\//) as unknown as string,
    });
    expect(await server.database.db.$count(restaurants)).toBe(before);
  });

  test("Hebrew: what is missing is said in Hebrew and the typed values stay; then thanks in Hebrew", async ({
    page,
    browserErrors,
  }) => {
    // The refused post answers 400, which Chromium logs.
    browserErrors.expect({ text: /status of 400/, url: /\/he\/suggest\.data$/ });
    // Home links to it below the results, and so right under "no restaurants found" when nothing matches.
    await page.goto(`${base}/he`);
    await expect(page.getByTestId("suggest-link")).toHaveAttribute("href", "/he/suggest");
    await page.goto(`${base}/he?q=${encodeURIComponent("qqqzzzxxx")}`);
    await page.getByTestId("suggest-link").click();
    await expect(page).toHaveURL(`${base}/he/suggest`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("הציעו מסעדה");
    await page.getByLabel("כתובת").fill("אלנבי 99, תל אביב");
    await page.getByRole("button", { name: "שליחת ההצעה" }).click();
    await expect(page.getByText("כתבו את שם המסעדה באנגלית או בעברית.")).toBeVisible();
    await expect(page.getByLabel("כתובת")).toHaveValue("אלנבי 99, תל אביב");
    await page.getByLabel("השם בעברית").fill("בורקס הדוד");
    await page.getByLabel("הדוא״ל שלכם (לא חובה)").fill("reject-me@example.com");
    await page.getByRole("button", { name: "שליחת ההצעה" }).click();
    await expect(page.getByTestId("suggest-thanks")).toContainText("נבדוק את ההצעה שלכם.");
    expect(await suggestedHe("בורקס הדוד")).toMatchObject({
      language: "he",
      proof_of_work: true,
      address: "אלנבי 99, תל אביב",
    });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Hebrew and English: the form posts to its page with the photo, says what is wrong, then thanks", async ({
    page,
    browserErrors,
  }) => {
    // The refused post answers 400, which Chromium logs.
    browserErrors.expect({ text: /status of 400/, url: /\/he\/suggest$/ });
    await page.goto(`${base}/he/suggest`);
    await page.getByLabel("השם באנגלית").fill("Merge Me Place");
    await page.getByLabel("אתר או קישור (לא חובה)").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "שליחת ההצעה" }).click();
    await expect(page.getByText("כתבו את כתובת המסעדה.")).toBeVisible();
    await expect(page.getByText("קישור צריך להיות כתובת אתר")).toBeVisible();
    await expect(page.getByLabel("השם באנגלית")).toHaveValue("Merge Me Place");
    await page.getByLabel("כתובת").fill("דיזנגוף 50");
    await page.getByLabel("אתר או קישור (לא חובה)").fill("");
    await page.getByLabel("צילום של תעודת הכשרות (לא חובה)").setInputFiles(await photo());
    await page.getByLabel("הדוא״ל שלכם (לא חובה)").fill("merge-me@example.com");
    await page.getByRole("button", { name: "שליחת ההצעה" }).click();
    await expect(page.getByTestId("suggest-thanks")).toContainText("תודה!");
    const row = await suggested("Merge Me Place");
    expect(row).toMatchObject({ language: "he", proof_of_work: false, email: "merge-me@example.com" });
    expect(row!.certificate_url).toMatch(/^\/uploads\//);

    await page.goto(`${base}/suggest`);
    await page.getByLabel("Name in English").fill("Plain Form Place");
    await page.getByLabel("Address").fill("Herzl 3");
    await page.getByRole("button", { name: "Send the suggestion" }).click();
    await expect(page.getByTestId("suggest-thanks")).toContainText("Thank you!");
    expect(await suggested("Plain Form Place")).toMatchObject({
      language: "en",
      proof_of_work: false,
      certificate_url: null,
    });
  });
});

test.describe("a photo over the limit", () => {
  test("with JavaScript the field says so and nothing is sent; without, the page comes back with the message and what was typed (English and Hebrew)", async ({
    browser,
    browserErrors,
  }) => {
    // Four rounds of a 12 MB file (two languages, with and without JavaScript).
    test.setTimeout(120_000);
    // The refused posts without JavaScript answer 413, which Chromium logs.
    browserErrors.expect({ text: /status of 413/, url: /\/suggest$/ });
    const big = fileOnDisk("teuda.jpg", 12 * 1024 * 1024);
    const words = {
      en: {
        path: "/suggest",
        name: "Name in English",
        address: "Address",
        photo: /^Photo of the kashrut certificate/,
        send: "Send the suggestion",
        tooLarge: "The photo must be smaller than 5 MB.",
      },
      he: {
        path: "/he/suggest",
        name: "השם באנגלית",
        address: "כתובת",
        photo: /^צילום של תעודת הכשרות/,
        send: "שליחת ההצעה",
        tooLarge: "התמונה צריכה להיות קטנה מ-5MB.",
      },
    } as const;
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      if (javaScriptEnabled) waitForAppOnLoad(page);
      for (const language of ["en", "he"] as const) {
        const w = words[language];
        const posts: string[] = [];
        page.on("request", (request) => {
          if (request.method() === "POST" && !request.url().includes("/api/")) posts.push(request.url());
        });
        await page.goto(`${base}${w.path}`);
        await page.getByLabel(w.name).fill("Too Big Photo Diner");
        await page.getByLabel(w.address, { exact: true }).fill("9 Big St");
        await page.getByLabel(w.photo).setInputFiles(big);
        await page.getByRole("button", { name: w.send }).click();
        await expect(page.getByText(w.tooLarge).first()).toBeVisible();
        await expect(page.getByLabel(w.name)).toHaveValue("Too Big Photo Diner");
        await expect(page.getByLabel(w.address, { exact: true })).toHaveValue("9 Big St");
        expect(posts.length, `${language}, JavaScript ${javaScriptEnabled}`).toBe(javaScriptEnabled ? 0 : 1);
        page.removeAllListeners("request");
      }
      await context.close();
    }
    expect(await suggested("Too Big Photo Diner")).toBeUndefined();
  });
});

test.describe("the admins' queue", () => {
  test("approve: the prefilled form is saved, the listing is public, the visitor told", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs("admin", { server });
    await page.goto(`${base}/dashboard/suggestions`);
    await expect(page.getByRole("heading", { name: "Suggested restaurants" })).toBeVisible();
    const open = await server.database.db.$count(suggestions, eq(suggestions.status, "open"));
    await expect(page.getByTestId("open-suggestions")).toHaveText(String(open));
    const card = page.getByTestId("suggestion-row").filter({ hasText: "Shuk Sabich" });
    await expect(card.getByTestId("suggestion-certificate")).toBeVisible();
    await expect(
      page.getByTestId("suggestion-row").filter({ hasText: "Plain Form Place" }).getByTestId("suggestion-basic"),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await card.getByTestId("suggestion-approve").click();
    await expect(page).toHaveURL(/\/dashboard\/add\?suggestion=/);
    await expect(page.getByTestId("from-suggestion")).toBeVisible();
    await expect(page.getByLabel("Restaurant name (English)")).toHaveValue("Shuk Sabich");
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Levinsky 41, Tel Aviv");
    // The kashrut is the certificate's group: the Rabbinate at the mehadrin level reads as Mehadrin.
    const kashrut = page.getByTestId("certificate-fieldset");
    await kashrut.getByLabel("Supervising body").selectOption("rabbinate_tel_aviv");
    await kashrut.getByLabel("Level", { exact: true }).selectOption("mehadrin");
    await expect(kashrut).toContainText("Shown on the site as: Mehadrin");
    await page.getByRole("button", { name: "Save Restaurant" }).click();
    await expect(page).toHaveURL(`${base}/dashboard/suggestions`);
    await expect(page.getByText("Restaurant added from the suggestion")).toBeVisible();
    const row = await suggested("Shuk Sabich");
    expect(row!.status).toBe("approved");
    const [listing] = await server.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, row!.restaurant_id!));
    expect(listing!.teuda).toBe(row!.certificate_url);
    expect(listing).toMatchObject({ kashrut: "mehadrin", certificate_body: "rabbinate_tel_aviv" });
    const publicPage = await page.goto(`${base}/en/restaurant/${listing!.slug}`);
    expect(publicPage!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Shuk Sabich");
    await expect
      .poll(
        () =>
          outbox().filter(
            (mail) =>
              mail.includes("To: approve-me@example.com") && mail.includes("We checked it and added it to the site."),
          ).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
  });

  test("merge: an existing listing is chosen by search; the visitor is told it is already listed, in Hebrew", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs("admin", { server });
    await page.goto(`${base}/he/dashboard/suggestions`);
    const card = () => page.getByTestId("suggestion-row").filter({ hasText: "Merge Me Place" });
    await card().getByLabel("שם או כתובת").fill(listed.name);
    await card().getByRole("button", { name: "חיפוש מסעדה" }).click();
    await expect(page).toHaveURL(/find=/);
    await card()
      // The Hebrew page names the listing in Hebrew.
      .getByRole("radio", { name: new RegExp(listed.nameHe.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
      .first()
      .check();
    await card().getByRole("button", { name: "לאחד עם המסעדה שנבחרה" }).click();
    await expect(page.getByText("ההצעה אוחדה עם המסעדה הקיימת")).toBeVisible();
    expect(await suggested("Merge Me Place")).toMatchObject({ status: "merged", restaurant_id: listed.id });
    await expect
      .poll(
        () =>
          outbox().filter(
            (mail) => mail.includes("To: merge-me@example.com") && mail.includes("המסעדה כבר מופיעה באתר."),
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    await expectNoSeriousA11yViolations(page);
  });

  test("reject: a reason is required; the visitor gets it in Hebrew; decided ones are under their filter", async ({
    page,
    signedInAs,
    browserErrors,
  }) => {
    // The refused post answers 400, which Chromium logs.
    browserErrors.expect({ text: /status of 400/, url: /\/he\/dashboard\/suggestions\.data$/ });
    await signedInAs("admin", { server });
    await page.goto(`${base}/he/dashboard/suggestions`);
    const card = () => page.getByTestId("suggestion-row").filter({ hasText: "בורקס הדוד" });
    await card().getByRole("button", { name: "לדחות" }).click();
    await expect(card().getByText("כתבו סיבה.")).toBeVisible();
    expect((await suggestedHe("בורקס הדוד"))!.status).toBe("open");
    await card().getByLabel("סיבה", { exact: false }).fill("אין תעודת כשרות בתוקף");
    await card().getByRole("button", { name: "לדחות" }).click();
    await expect(page.getByText("ההצעה נדחתה")).toBeVisible();
    expect(await suggestedHe("בורקס הדוד")).toMatchObject({
      status: "rejected",
      decision_note: "אין תעודת כשרות בתוקף",
    });
    await expect
      .poll(
        () =>
          outbox().filter(
            (mail) => mail.includes("To: reject-me@example.com") && mail.includes("אין תעודת כשרות בתוקף"),
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    await expect(page.getByTestId("suggestion-row").filter({ hasText: "בורקס הדוד" })).toHaveCount(0);
    await page.getByLabel("מצב").selectOption("decided");
    await page.getByRole("button", { name: "הצגה" }).click();
    await expect(page.getByTestId("suggestion-row").filter({ hasText: "בורקס הדוד" })).toContainText("נדחתה");
    await expectNoSeriousA11yViolations(page);
  });

  test("on a 360 px phone nothing scrolls sideways: the form and the queue, English and Hebrew", async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const target of ["/suggest", "/he/suggest"]) {
      await page.goto(`${base}${target}`);
      await expectNoSidewaysScroll(page);
    }
    await signedInAs("admin", { server });
    for (const target of [
      "/dashboard/suggestions",
      "/he/dashboard/suggestions",
      "/he/dashboard/suggestions?view=decided",
    ]) {
      await page.goto(`${base}${target}`);
      await expectNoSidewaysScroll(page);
    }
  });
});
