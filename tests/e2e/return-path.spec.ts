// The new owner's way back, in a real browser, in English and Hebrew: from a listing's claim page
// through log-in's "Sign up", a refused and then accepted sign-up, the verification e-mail's link
// and its "Continue", and log-in, back at the claim page. And the sign-up form's errors: every
// field's message at once beside it, required fields marked, the first field in error focused, on
// a 360 px phone, with JavaScript and without. Its own server and database (the outbox is its own).
import type { Page } from "@playwright/test";
import { insertRestaurant } from "../../database/factories";
import { rateLimits } from "../../database/schema/people";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";
import { readOutbox } from "./outbox";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: false });
  base = server.baseUrl;
  await insertRestaurant(server.database.db, {
    slug: "walk-cafe",
    name_en: "Walk Cafe",
    name_he: "קפה הליכה",
    address: "1 Walk St",
  });
});
test.beforeEach(async () => {
  await server.database.db.delete(rateLimits);
});
test.afterAll(async () => {
  await server?.stop();
});

const WORDS = {
  en: {
    prefix: "",
    logIn: "Log in",
    signUpLink: "Sign up",
    submit: "Sign Up",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone number",
    password: "Password",
    confirm: "Confirm password",
    firstNameRequired: "First name is required",
    phoneRequired: "Phone number is required",
    success: /Sign up successful!/,
    verified: "Your e-mail address is verified. Thank you!",
    continue: "Continue",
    loginButton: "Log In",
  },
  he: {
    prefix: "/he",
    logIn: "התחברות",
    signUpLink: "להרשמה",
    submit: "הרשמה",
    firstName: "שם פרטי",
    lastName: "שם משפחה",
    email: "אימייל",
    phone: "מספר טלפון",
    password: "סיסמה",
    confirm: "אימות סיסמה",
    firstNameRequired: "שם פרטי הוא שדה חובה",
    phoneRequired: "מספר טלפון הוא שדה חובה",
    success: /ההרשמה הצליחה!/,
    verified: "כתובת האימייל אומתה. תודה!",
    continue: "המשך",
    loginButton: "התחברות",
  },
} as const;

const password = "olive-branch-walk-42";

async function fillSignup(page: Page, words: (typeof WORDS)["en" | "he"], email: string) {
  await page.getByLabel(words.firstName).fill("Dana");
  await page.getByLabel(words.lastName).fill("Levi");
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.phone).fill("050-1234567");
  await page.getByLabel(words.password, { exact: true }).fill(password);
  await page.getByLabel(words.confirm).fill(password);
}

/** The verification link sent to `email`, as a path of this server. */
async function verificationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const mail = readOutbox(server.dataDir).find((one) => one.includes(email) && one.includes("/verify-email?token="));
    link = mail ? /https?:\/\/[^\s"<]+\/verify-email\?token=[^\s"<]+/.exec(mail)?.[0] : undefined;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const url = new URL(link!);
  return url.pathname + url.search;
}

for (const language of ["en", "he"] as const) {
  const words = WORDS[language];
  const claim = `/${language}/restaurant/walk-cafe/claim`;

  test(`a new owner goes from the claim page through sign-up, the e-mail's link and log-in back to it (${language})`, async ({
    page,
    browserErrors,
  }) => {
    test.slow();
    browserErrors.expect({ text: /status of 400/, url: /\/signup\.data/ });
    const email = `walk-${language}-${Date.now()}@example.com`;
    await page.goto(`${base}${claim}`);
    await page.getByTestId("claim-sign-in").getByRole("link", { name: words.logIn, exact: true }).click();
    await expect(page).toHaveURL(`${base}${words.prefix}/login?next=${encodeURIComponent(claim)}`);
    await page.getByRole("link", { name: words.signUpLink, exact: true }).click();
    await expect(page).toHaveURL(`${base}${words.prefix}/signup?next=${encodeURIComponent(claim)}`);

    // A refused form keeps the way back.
    await page.getByRole("button", { name: words.submit, exact: true }).click();
    await expect(page.getByLabel(words.firstName)).toBeFocused();
    await expect(page).toHaveURL(`${base}${words.prefix}/signup?next=${encodeURIComponent(claim)}`);
    await fillSignup(page, words, email);
    await page.getByRole("button", { name: words.submit, exact: true }).click();
    await expect(page.getByText(words.success)).toBeVisible();

    const link = await verificationLink(email);
    expect(link).toContain(`next=${encodeURIComponent(claim)}`);
    expect(link.startsWith(`${words.prefix}/verify-email?`)).toBe(true);
    await page.goto(`${base}${link}`);
    await expect(page.getByText(words.verified)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("verify-continue").click();
    await expect(page).toHaveURL(`${base}${words.prefix}/login?next=${encodeURIComponent(claim)}`);
    await page.getByLabel(words.email).fill(email);
    await page.getByLabel(words.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: words.loginButton, exact: true }).click();
    await expect(page).toHaveURL(`${base}${claim}`);
    await expect(page.getByTestId("claim-sign-in")).toHaveCount(0);
  });

  test(`sign-up on a phone shows every field's error beside it, marks the required fields and focuses the first in error (${language})`, async ({
    page,
    browserErrors,
  }) => {
    browserErrors.expect({ text: /status of 400/, url: /\/signup\.data/ });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${base}${words.prefix}/signup`);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: words.submit, exact: true }) });
    for (const label of [words.firstName, words.lastName, words.email, words.phone, words.confirm]) {
      await expect(page.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(form.locator("[data-required-mark]")).toHaveCount(7);
    // The phone's place on the page, off-screen below the button's answer on a phone.
    await page.getByLabel(words.firstName).fill("Dana");
    await page.getByRole("button", { name: words.submit, exact: true }).click();
    await expect(page.getByLabel(words.lastName)).toBeFocused();
    await expect(page.getByLabel(words.lastName)).toBeInViewport();
    for (const field of ["lastName", "email", "phone", "password"]) {
      await expect(page.locator(`#field-${field}`)).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`#field-${field}-error`)).toBeVisible();
    }
    await expect(page.locator("#field-firstName")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#field-phone-error")).toHaveText(words.phoneRequired);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `/tmp/h39-b-shots/signup-errors-360-${language}.png`, fullPage: true });
  });

  test(`sign-up without JavaScript answers every field in error at once (${language})`, async ({
    browser,
    browserErrors,
  }) => {
    browserErrors.expect({ text: /status of 400/, url: /\/signup\?next=/ });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}${words.prefix}/signup?next=${encodeURIComponent(claim)}`);
    await page.getByRole("button", { name: words.submit, exact: true }).click();
    await expect(page.locator("#field-firstName-error")).toHaveText(words.firstNameRequired);
    await expect(page.locator("#field-phone-error")).toHaveText(words.phoneRequired);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(5);
    // The way back is kept by the form's address.
    expect(new URL(page.url()).searchParams.get("next")).toBe(claim);
    await context.close();
  });
}
