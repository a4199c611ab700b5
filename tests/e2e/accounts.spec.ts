import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, waitForAppOnLoad } from "./fixtures";
import { DEMO_ACCOUNTS } from "../../server/ops/demo-data";
import { expectNoSeriousA11yViolations } from "./axe";
import { totp, wrongTotp } from "../setup/totp";

const password = "olive-branch-e2e-42";

async function logIn(page: Page, email: string, secret: string, prefix = "") {
  await page.goto(`${prefix}/login`);
  await page.getByLabel(prefix ? "אימייל" : "Email").fill(email);
  await page.getByLabel(prefix ? "סיסמה" : "Password", { exact: true }).fill(secret);
  await page.getByRole("button", { name: prefix ? "התחברות" : "Log In" }).click();
}

async function signUp(page: Page, email: string, firstName: string) {
  await page.goto("/signup");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("050-1112222");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

test("sign up -> guest without dashboard -> admin makes them owner -> they have the dashboard -> log out", async ({
  browser,
}) => {
  // A long journey (two accounts or a dozen steps, axe twice): 20–27 s on an idle 2-core machine, so it gets three times the usual 30 s.
  test.slow();
  const email = `journey-${Date.now()}@example.com`;
  const user = waitForAppOnLoad(await (await browser.newContext()).newPage());
  await signUp(user, email, "Yael");
  await expect(
    user.getByText(
      "Sign up successful! Check your email for verification if required, or log in now. You start as a diner.",
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(user);
  // The spec: the login page follows after 3 seconds.
  await expect(user).toHaveURL(/\/login$/, { timeout: 6_000 });

  await logIn(user, email, password);
  await expect(user.getByTestId("welcome").first()).toContainText("Welcome, Yael");
  await expect(user.getByTestId("welcome").first()).toContainText("Diner");
  await expect(user.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await user.goto("/dashboard");
  await expect(user).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(user.getByText("Diners do not have access to the dashboard")).toBeVisible();

  const admin = waitForAppOnLoad(await (await browser.newContext()).newPage());
  await logIn(admin, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.getByRole("link", { name: "Users" }).click();
  await admin.getByLabel("Search users").fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin.getByTestId("user-row")).toHaveCount(1);
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel(`Role for ${email}`).selectOption("owner");
  await admin.getByRole("button", { name: "Save role" }).click();
  await expect(admin.getByText("Role updated")).toBeVisible();

  await user.reload();
  await expect(user.getByTestId("welcome").first()).toContainText("Owner");
  await user.getByRole("link", { name: "Dashboard" }).click();
  await expect(user.getByRole("heading", { name: "Restaurant Management" })).toBeVisible();
  await expectNoSeriousA11yViolations(user);

  await user.getByRole("button", { name: "Log Out" }).click();
  await expect(user.getByText("Successfully logged out")).toBeVisible();
  await expect(user).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  // Signed out: Log In is back in the header and the footer.
  await expect(user.locator("header").getByRole("link", { name: "Log In" })).toBeVisible();
  await expect(user.locator("footer").getByRole("link", { name: "Log In" })).toBeVisible();
  await user.goto("/dashboard");
  await expect(user).toHaveURL(/\/login$/);
});

test("a non-admin owner sees the access-denied page on user administration", async ({ page, browserErrors }) => {
  // The access-denied page answers 403, which Chromium logs as a failed load.
  browserErrors.expect({ text: /status of 403/, url: /\/dashboard\/users$/ });
  await logIn(page, DEMO_ACCOUNTS.owner.email, DEMO_ACCOUNTS.owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const response = await page.goto("/dashboard/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Access denied. This page is only available to administrators.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
});

test("login errors are shown in English and in Hebrew", async ({ page, browserErrors }) => {
  // The refused sign-ins answer 401 (wrong password) and 400 (nothing typed), which Chromium logs.
  browserErrors.expect({ text: /status of 401/, url: /\/login\.data$/ });
  browserErrors.expect({ text: /status of 400/, url: /\/he\/login\.data$/ });
  await logIn(page, DEMO_ACCOUNTS.admin.email, "not-the-right-password");
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await expectNoSeriousA11yViolations(page);
  await logIn(page, "", "", "/he");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("alert")).toContainText("יש להזין אימייל או מספר טלפון וסיסמה");
  await expectNoSeriousA11yViolations(page);
});

test("without JavaScript, signing in through the form works, in Hebrew too", async ({ browser }) => {
  // Moved here from security.spec.ts, which now signs in with the signedInAs fixture.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, "/he");
  await expect(page).toHaveURL(/\/he\/dashboard$/);
  await context.close();
});

test("Hebrew sign-up checks fields in the spec's order, with Hebrew messages and reasons for a weak password", async ({
  page,
  browserErrors,
}) => {
  // Each refused sign-up answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/he\/signup\.data$/ });
  await page.goto("/he/signup");
  await expect(page.getByText("חשבונות חדשים הם חשבונות סועדים")).toBeVisible();
  await page.getByRole("button", { name: "הרשמה" }).click();
  await expect(page.getByRole("alert")).toContainText("שם פרטי הוא שדה חובה");
  await expect(page.getByLabel("שם פרטי")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("שם פרטי").fill("דנה");
  await page.getByLabel("שם משפחה").fill("לוי");
  await page.getByLabel("מספר טלפון").fill("050-1234567");
  await page.getByLabel("אימייל").fill(`weak-${Date.now()}@example.com`);
  await page.getByLabel("סיסמה", { exact: true }).fill("password1");
  await page.getByLabel("אימות סיסמה").fill("password2");
  await page.getByRole("button", { name: "הרשמה" }).click();
  await expect(page.getByRole("alert")).toContainText("הסיסמאות אינן תואמות");
  await page.getByLabel("סיסמה", { exact: true }).fill("password1");
  await page.getByLabel("אימות סיסמה").fill("password1");
  await page.getByRole("button", { name: "הרשמה" }).click();
  await expect(page.getByRole("alert")).toContainText("הסיסמה חלשה מדי");
  await expect(page.getByRole("alert")).toContainText("זו סיסמה או מילה נפוצה.");
  await expectNoSeriousA11yViolations(page);
});

test("password reset from the e-mail link", async ({ page }) => {
  const email = `reset-${Date.now()}@example.com`;
  await signUp(page, email, "Reset");
  await expect(page.getByText(/Sign up successful!/)).toBeVisible();

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If an account exists for that e-mail/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The development outbox holds the e-mail the server sent.
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect(async () => {
    const mails = readdirSync(outbox).map((name) =>
      readFileSync(path.join(outbox, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    );
    link = mails
      .filter((mail) => mail.includes(email) && mail.includes("/reset-password?token="))
      .map((mail) => /https?:\/\/[^\s"<]+\/reset-password\?token=[\w.-]+/.exec(mail)?.[0])[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  await page.goto(link!);
  await page.getByLabel("New password").fill("fresh-olive-grove-31");
  await page.getByLabel("Confirm password").fill("fresh-olive-grove-31");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your password has been changed. You can log in now.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await logIn(page, email, "fresh-olive-grove-31");
  await expect(page.getByTestId("welcome").first()).toContainText("Welcome, Reset");
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("two-factor: set up on the account page, then sign in with a code (Hebrew) and with a backup code", async ({
  browser,
  browserErrors,
}) => {
  // The wrong codes are refused with 401, which Chromium logs.
  browserErrors.expect({ text: /status of 401/, url: /\/account\.data$/ });
  browserErrors.expect({ text: /status of 401/, url: /\/he\/login\/two-factor\.data$/ });
  // The longest journey in this file: sign-up, set-up, and three sign-ins.
  test.setTimeout(120_000);
  // Its own client address (the server trusts the loopback proxy), so its sign-up and code
  // entries count apart from the other tests'.
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.42" } });
  const page = waitForAppOnLoad(await context.newPage());
  const email = `tfa-${Date.now()}@example.com`;
  await signUp(page, email, "Tova");
  await expect(page.getByText(/Sign up successful!/)).toBeVisible();
  await logIn(page, email, password);
  await expect(page.getByTestId("welcome").first()).toContainText("Welcome, Tova");

  await page.goto("/account");
  const section = page.locator("#two-factor");
  await expect(section.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(section.getByTestId("two-factor-status")).toHaveText("Two-factor authentication is off.");
  await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(
    section.getByRole("img", { name: "QR code for adding Kosher Tel Aviv to an authenticator app" }),
  ).toBeVisible();
  const secret = (await section.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  const backupCodes = (await section.getByTestId("backup-codes").getByRole("listitem").allInnerTexts()).map((code) =>
    code.trim(),
  );
  expect(backupCodes).toHaveLength(10);
  await expect(section.getByLabel("6-digit code")).toHaveAttribute("autocomplete", "one-time-code");
  await expect(section.getByLabel("6-digit code")).toHaveAttribute("inputmode", "numeric");
  await expectNoSeriousA11yViolations(page);

  // A wrong code first: the message, and the QR code stays on screen for another try.
  await section.getByLabel("6-digit code").fill(wrongTotp(secret));
  await section.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(section.getByRole("alert")).toContainText("That code is not correct.");
  await expect(section.getByTestId("two-factor-qr")).toBeVisible();
  await section.getByLabel("6-digit code").fill(totp(secret));
  await section.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(section.getByTestId("two-factor-status")).toHaveText("Two-factor authentication is on.");
  await expect(section.getByTestId("two-factor-qr")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByText("Successfully logged out")).toBeVisible();

  // Hebrew: the password opens the code step, not the site.
  await logIn(page, email, password, "/he");
  await expect(page).toHaveURL(/\/he\/login\/two-factor$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "אימות דו־שלבי" })).toBeVisible();
  const code = page.getByLabel("קוד בן 6 ספרות");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expectNoSeriousA11yViolations(page);
  await code.fill(wrongTotp(secret));
  await page.getByRole("button", { name: "אימות" }).click();
  await expect(page.getByRole("alert")).toContainText("הקוד שגוי. בדקו באפליקציה ונסו שוב.");
  // Checked once the form has settled: while it is sent its button is dimmed (and disabled), and a
  // check that began before it was enabled again found the dimmed colours (one failed run).
  await expect(page.getByRole("button", { name: "אימות" })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("קוד בן 6 ספרות").fill(totp(secret));
  await page.getByRole("button", { name: "אימות" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/he$/);
  await expect(page.getByTestId("welcome").first()).toContainText("Tova");

  // Recovery: a backup code instead of the phone, once.
  await context.clearCookies();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await page.getByRole("link", { name: "Lost your phone? Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByTestId("welcome").first()).toContainText("Welcome, Tova");
  await context.close();
});

test("changing the password signs out the other devices and keeps this one, also in Hebrew without JavaScript", async ({
  browser,
}) => {
  // Two devices, three sign-ins and a sign-up: a long journey.
  test.slow();
  const email = `change-${Date.now()}@example.com`;
  const phone = waitForAppOnLoad(await (await browser.newContext()).newPage());
  await signUp(phone, email, "Change");
  await expect(phone.getByText(/Sign up successful!/)).toBeVisible();
  await logIn(phone, email, password);
  await expect(phone.getByTestId("welcome").first()).toContainText("Welcome, Change");

  // The change is made on a device without JavaScript: a plain form post answered with the page.
  const laptop = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await logIn(laptop, email, password, "/he");
  await expect(laptop.getByTestId("welcome").first()).toContainText("Change");
  await laptop.goto("/he/account");
  await laptop.getByLabel("סיסמה נוכחית").fill(password);
  await laptop.getByLabel("סיסמה חדשה").fill("changed-olive-grove-64");
  await laptop.getByLabel("אימות סיסמה").fill("changed-olive-grove-64");
  await laptop.getByRole("button", { name: "שינוי סיסמה" }).click();
  await expect(laptop.getByText("הסיסמה שונתה. שאר המכשירים נותקו.")).toBeVisible();
  await expect(laptop.getByTestId("sessions").getByRole("listitem")).toHaveCount(1);
  // Opened again (a reload would post the change a second time, now with a wrong current password).
  await laptop.goto("/he/account");
  await expect(laptop.getByRole("heading", { name: "החשבון שלי" })).toBeVisible();

  // The other device is signed out.
  await phone.goto("/account");
  await expect(phone).toHaveURL(/\/login$/);

  // And with JavaScript, in English, the page says so too.
  await logIn(phone, email, "changed-olive-grove-64");
  await expect(phone.getByTestId("welcome").first()).toContainText("Welcome, Change");
  await phone.goto("/account");
  await phone.getByLabel("Current password").fill("changed-olive-grove-64");
  await phone.getByLabel("New password").fill("changed-again-olive-65");
  await phone.getByLabel("Confirm password").fill("changed-again-olive-65");
  await phone.getByRole("button", { name: "Change password" }).click();
  await expect(phone.getByText("Your password was changed. Other devices were signed out.")).toBeVisible();
  // (axe needs JavaScript in the page, so it looks here rather than on the laptop.)
  await expectNoSeriousA11yViolations(phone);
  await laptop.goto("/he/account");
  await expect(laptop).toHaveURL(/\/he\/login$/);
});
