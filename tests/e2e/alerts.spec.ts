// Alerts for saved places (ADR 024) in a real browser, in English and Hebrew: a diner saves a
// place, finds the alert settings from the Saved page and turns alerts on (the e-mails' language
// is the page's); the digest job (run through the control socket, as the server runs it hourly)
// sends nothing while nothing changed; the place's kashrut level changes (as an admin's edit would,
// through the control socket), and the job sends one digest, in the diner's language, to the
// outbox; run again, none. The e-mail's unsubscribe link, opened without a session, shows one
// button; pressing it turns alerts off, and the settings page says so. Axe and 360 px on the
// settings and unsubscribe pages. (Every day boundary, a failed send, cascades: tests/integration/alerts.test.ts.)
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { alertToken, changeListing, runAlertDigests, sharedDataDir } from "./control";
import { expect, test } from "./fixtures";
import { readOutbox } from "./outbox";

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 360, height: 800 } });

async function expectFits(page: Page) {
  const { width, view } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(width, `${page.url()} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
}

/** The e-mails the server wrote to this address (the outbox is the whole suite's). */
const mailsTo = (email: string) =>
  readOutbox(sharedDataDir)
    // Long headers are folded onto the next line: unfolded to read them.
    .map((mail) => mail.replace(/\r?\n[ \t]+/g, " "))
    .filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "m").test(mail));

const WORDS = {
  en: {
    prefix: "",
    save: "Save",
    savedLink: "Get an e-mail when a saved place changes",
    off: "Alerts are off.",
    on: "Alerts are on.",
    box: "E-mail me when a saved place changes",
    language: "English",
    submit: "Save",
    saved: "Your alert settings are saved.",
    intro: "Since our last e-mail, these places you saved have changed:",
    // As the HTML part writes it (the Hebrew text part is base64): values isolated, the arrow in the line's direction.
    level: (from: string, to: string) => `Kashrut level: <bdi>${from}</bdi> → <bdi>${to}</bdi>`,
    levels: { regular: "Regular", mehadrin: "Mehadrin" },
    none: "Not given",
    title: "Stop e-mail alerts",
    button: "Turn off alerts",
    done: "Alerts are off. You will get no more e-mails about your saved places.",
    bad: "This unsubscribe link is not valid.",
  },
  he: {
    prefix: "/he",
    save: "שמירה",
    savedLink: "קבלו אימייל כשמקום שמור משתנה",
    off: "ההתראות כבויות.",
    on: "ההתראות פעילות.",
    box: "שלחו לי אימייל כשמקום שמור משתנה",
    language: "עברית",
    submit: "שמירה",
    saved: "הגדרות ההתראות נשמרו.",
    intro: "מאז האימייל הקודם שלנו, המקומות האלה ששמרתם השתנו:",
    level: (from: string, to: string) => `רמת הכשרות: <bdi>${from}</bdi> ← <bdi>${to}</bdi>`,
    levels: { regular: "רגיל", mehadrin: "מהדרין" },
    none: "לא צוין",
    title: "הפסקת ההתראות באימייל",
    button: "כיבוי ההתראות",
    done: "ההתראות כבויות. לא תקבלו עוד אימיילים על המקומות השמורים שלכם.",
    bad: "קישור ההסרה הזה אינו תקין.",
  },
} as const;

for (const [language, card] of [
  ["en", 5],
  ["he", 6],
] as const) {
  const words = WORDS[language];
  test(`${language}: alerts on from the Saved page, one digest when a saved place changes and none without, unsubscribe by the e-mail's link`, async ({
    page,
    context,
    signedInAs,
  }) => {
    test.slow();
    const diner = await signedInAs("guest");
    // A place from home, saved from its page.
    await page.goto(`${words.prefix || "/"}`);
    const href = (await page.locator("#results li").nth(card).getByRole("link").first().getAttribute("href"))!;
    const slug = href.split("/").pop()!;
    await page.goto(href);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    const save = page.getByRole("button", { name: `${words.save} ${name}` });
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/saved.data"),
    );
    await save.click();
    expect((await posted).status()).toBe(200);
    // Kept in the account (the button's own refresh is the saved suite's; here the list is what counts).
    await page.reload();
    await expect(save).toHaveAttribute("aria-pressed", "true");

    // The settings, from the Saved page: off, the page's language chosen.
    await page.goto(`${words.prefix}/saved`);
    await expect(page.getByTestId("saved-alerts")).toHaveText(words.savedLink);
    await expectFits(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("saved-alerts").click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/account/alerts$`));
    await expect(page.getByTestId("alerts-status")).toHaveText(words.off);
    await expect(page.getByRole("radio", { name: words.language })).toBeChecked();
    await expectFits(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("checkbox", { name: words.box }).check();
    await page.getByRole("button", { name: words.submit, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: words.saved })).toBeVisible();
    await expect(page.getByTestId("alerts-status")).toContainText(words.on);
    await expect(page.getByTestId("alerts-status")).toContainText(diner.email);
    await expect(page.getByRole("checkbox", { name: words.box })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    // Nothing changed: no e-mail.
    await runAlertDigests();
    expect(mailsTo(diner.email)).toEqual([]);

    // The place's kashrut level changes: one digest, in the diner's language.
    const before = await changeListing(slug, {});
    const from =
      before.certificate_level === "regular" || before.certificate_level === "mehadrin"
        ? before.certificate_level
        : null;
    const to = from === "mehadrin" ? "regular" : "mehadrin";
    try {
      await changeListing(slug, { certificate_level: to });
      await runAlertDigests();
    } finally {
      // Back as it was, for the other specs on this server.
      await changeListing(slug, { certificate_level: from });
    }
    const mails = mailsTo(diner.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain(words.intro);
    expect(mail).toContain(`<bdi>${name}</bdi>`);
    expect(mail).toContain(words.level(from ? words.levels[from] : words.none, words.levels[to]));
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Again the same day: none.
    await runAlertDigests();
    expect(mailsTo(diner.email)).toHaveLength(1);

    // The unsubscribe link, opened without a session: one button, nothing changed until pressed.
    const link = new RegExp(`https?://[^\\s"]+${words.prefix}/account/alerts/unsubscribe\\?token=[\\w.%-]+`).exec(
      mail,
    )?.[0];
    expect(link).toBeDefined();
    const cookies = await context.cookies();
    await context.clearCookies();
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.title);
    await expectFits(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: words.button }).click();
    await expect(page.getByTestId("unsubscribed")).toHaveText(words.done);
    await expect(page.getByRole("button", { name: words.button })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // A forged token: told so, no button.
    await page.goto(link!.replace(/token=[^.]+/, "token=Zm9yZ2Vk"));
    await expect(page.getByRole("alert")).toContainText(words.bad);
    await expect(page.getByRole("button", { name: words.button })).toHaveCount(0);

    // Signed in again: the settings page says alerts are off.
    await context.addCookies(cookies);
    await page.goto(`${words.prefix}/account/alerts`);
    await expect(page.getByTestId("alerts-status")).toHaveText(words.off);
    await expect(page.getByRole("checkbox", { name: words.box })).not.toBeChecked();
  });
}

test("without JavaScript: the settings form saves, and the unsubscribe button turns alerts off (Hebrew)", async ({
  browser,
  signedInAs,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const diner = await signedInAs("guest", { context });
  await page.goto("/he/account/alerts");
  await expect(page.getByTestId("alerts-status")).toHaveText(WORDS.he.off);
  await page.getByRole("checkbox", { name: WORDS.he.box }).check();
  await page.getByRole("radio", { name: "English" }).check();
  await page.getByRole("button", { name: WORDS.he.submit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: WORDS.he.saved })).toBeVisible();
  await expect(page.getByTestId("alerts-status")).toContainText(WORDS.he.on);
  await expect(page.getByRole("radio", { name: "English" })).toBeChecked();

  // The e-mail's unsubscribe link (English, as chosen), opened and its button pressed without JavaScript.
  const session = await context.cookies();
  await context.clearCookies();
  await page.goto(`/account/alerts/unsubscribe?token=${encodeURIComponent(await alertToken(diner.id))}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(WORDS.en.title);
  await page.getByRole("button", { name: WORDS.en.button }).click();
  await expect(page.getByTestId("unsubscribed")).toHaveText(WORDS.en.done);
  await context.addCookies(session);
  await page.goto("/he/account/alerts");
  await expect(page.getByTestId("alerts-status")).toHaveText(WORDS.he.off);
  await context.close();
});
