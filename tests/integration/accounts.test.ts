// Accounts and roles through the real route actions and loaders, on a real database, with e-mail
// delivered over SMTP to a listener on 127.0.0.1.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppServices } from "../../app/lib/context";
import { action as accountAction, loader as accountLoader } from "../../app/routes/account";
import { action as blogEditorAction, loader as blogEditorLoader } from "../../app/routes/blog-editor";
import { loader as dashboardLoader } from "../../app/routes/dashboard/layout";
import { action as usersAction, loader as usersLoader } from "../../app/routes/dashboard/users";
import { action as forgotAction } from "../../app/routes/forgot-password";
import { action as loginAction } from "../../app/routes/login";
import { action as twoFactorAction, loader as twoFactorLoader } from "../../app/routes/login-two-factor";
import { action as logoutAction } from "../../app/routes/logout";
import { action as resetAction } from "../../app/routes/reset-password";
import { action as signupAction } from "../../app/routes/signup";
import { blogs } from "../../database/schema/blogs";
import { profiles, rateLimits, userRoles } from "../../database/schema/people";
import { sessions, twoFactors, users, verifications } from "../../database/schema/auth";
import { LIMITS, RESET_MAILS } from "../../app/features/accounts/rate-limit.server";
import { resetTwoFactor } from "../../app/features/accounts/two-factor.server";
import type { EmailContent } from "../../app/lib/emails";
import { createUser } from "../../database/factories";
import { createMailer } from "../../server/mailer";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, sessionCookie } from "../setup/routes";
import { createServices, createTestAuth } from "../setup/services";
import { startTestSmtp, type TestSmtp } from "../setup/smtp";
import { awayFromStepEdge, totp, wrongTotp } from "../setup/totp";

let database: TestDatabase;
let smtp: TestSmtp;
let outbox: string;
let services: AppServices;
let ipCounter = 0;
/** The e-mails asked for so far, in order (delivery to the SMTP listener follows). */
const requested: ({ to: string } & EmailContent)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  outbox = mkdtempSync(path.join(tmpdir(), "kta-outbox-"));
  const mailer = createMailer({
    smtpUrl: smtp.url + "?ignoreTLS=true",
    from: "Kosher Tel Aviv <no-reply@example.com>",
    outboxDir: outbox,
  });
  // Every e-mail the app asks for is noted when asked for, before it goes to the SMTP listener.
  const sendEmail = (to: string, content: EmailContent) => {
    requested.push({ to, ...content });
    return mailer.send({ to, ...content });
  };
  services = createServices(database.db, {
    sendEmail,
    auth: createTestAuth(database.db, sendEmail),
  });
});
afterAll(async () => {
  await smtp?.close();
  await database?.destroy();
  rmSync(outbox, { recursive: true, force: true });
});

/** Each test gets its own client address, so rate limits of one test do not touch another. */
function fromNewIp(): AppServices {
  ipCounter += 1;
  return { ...services, clientIp: `10.0.0.${ipCounter}` };
}

const strong = "olive-branch-tlv-77";

async function signUpUser(email: string, firstName = "Dana", s = fromNewIp()) {
  const outcome = await callRoute(signupAction, s, "/signup", {
    form: { firstName, lastName: "Levi", phone: "050-1234567", email, password: strong, confirmPassword: strong },
  });
  expect(outcome.data).toEqual({ ok: true });
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user!;
}

async function logIn(email: string, password = strong, s = fromNewIp()) {
  const outcome = await callRoute(loginAction, s, "/login", { form: { email, password } });
  return { outcome, cookie: sessionCookie(outcome.headers) };
}

async function setRole(userId: string, role: "admin" | "owner" | "guest") {
  await database.db.update(userRoles).set({ role }).where(eq(userRoles.userId, userId));
}

describe("sign-up", () => {
  const base = {
    firstName: "Dana",
    lastName: "Levi",
    phone: "050-1234567",
    email: "order@example.com",
    password: strong,
    confirmPassword: strong,
  };
  const failureOf = async (form: Record<string, string>) => {
    const outcome = await callRoute(signupAction, fromNewIp(), "/signup", { form });
    return {
      status: outcome.status,
      failure: outcome.data as { error?: string; errors?: Record<string, string>; reasons?: string[] } | undefined,
    };
  };

  it("checks the fields in the spec's order and answers with its messages", async () => {
    const empty = { firstName: "", lastName: "", phone: "", email: "", password: "a", confirmPassword: "b" };
    expect((await failureOf(empty)).failure?.error).toBe("error.firstNameRequired");
    expect((await failureOf({ ...empty, firstName: "D" })).failure?.error).toBe("error.lastNameRequired");
    expect((await failureOf({ ...empty, firstName: "D", lastName: "L" })).failure?.error).toBe("error.phoneRequired");
    expect((await failureOf({ ...empty, firstName: "D", lastName: "L", phone: "1" })).failure?.error).toBe(
      "error.passwordsMismatch",
    );
    const short = await failureOf({ ...base, password: "abc", confirmPassword: "abc" });
    expect(short).toMatchObject({
      status: 400,
      failure: { error: "error.passwordTooShort", errors: { password: "error.passwordTooShort" } },
    });
    expect((await failureOf({ ...base, email: "" })).failure?.error).toBe("error.credentialsRequired");
  });

  it("answers every field in error at once, the spec's first rule on top (the form without JavaScript shows them all)", async () => {
    const empty = { firstName: "", lastName: "", phone: "", email: "", password: "a", confirmPassword: "b" };
    expect(await failureOf(empty)).toMatchObject({
      status: 400,
      failure: {
        error: "error.firstNameRequired",
        errors: {
          firstName: "error.firstNameRequired",
          lastName: "error.lastNameRequired",
          phone: "error.phoneRequired",
          confirmPassword: "error.passwordsMismatch",
          password: "error.passwordTooShort",
          email: "error.credentialsRequired",
        },
      },
    });
    const some = await failureOf({ ...base, lastName: "", email: "not-an-email" });
    expect(some.failure?.errors).toEqual({ lastName: "error.lastNameRequired", email: "error.invalidEmail" });
  });

  it("refuses a weak password on the server with reasons, and stores nothing", async () => {
    const weak = await failureOf({
      ...base,
      email: "weak@example.com",
      password: "password1",
      confirmPassword: "password1",
    });
    expect(weak.failure?.error).toBe("error.weakPassword");
    expect(weak.failure?.reasons).toContain("error.weak.common");
    expect(await database.db.$count(users, eq(users.email, "weak@example.com"))).toBe(0);
  });

  it("makes a guest with the profile given; a second sign-up with that e-mail changes nothing and tells the owner", async () => {
    const user = await signUpUser("new-guest@example.com", "Noa");
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(role?.role).toBe("guest");
    expect(profile).toMatchObject({
      firstName: "Noa",
      lastName: "Levi",
      phoneNumber: "050-1234567",
      email: "new-guest@example.com",
    });
    // The same answer as a new sign-up, so nobody can find out who has an account...
    const again = await callRoute(signupAction, fromNewIp(), "/signup", {
      form: { ...base, firstName: "Intruder", email: "new-guest@example.com" },
    });
    expect(again.data).toEqual({ ok: true });
    expect(await database.db.$count(users, eq(users.email, "new-guest@example.com"))).toBe(1);
    const [kept] = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(kept?.firstName).toBe("Noa");
    // ...while the owner of the address hears about it.
    const mail = await smtp.waitFor(
      (m) => m.to.includes("new-guest@example.com") && m.text.includes("already has an account"),
    );
    expect(mail.text).toContain("כבר יש לה חשבון");
  });

  it("sends a verification e-mail that verifies the address", async () => {
    await signUpUser("verify-me@example.com");
    const mail = await smtp.waitFor(
      (m) => m.to.includes("verify-me@example.com") && m.text.includes("/verify-email?token="),
    );
    expect(mail.text).toContain("Please confirm that this is your e-mail address.");
    expect(mail.text).toContain("אנא אשרו שזו כתובת האימייל שלכם.");
  });
});

describe("login and logout", () => {
  it("answers a wrong password with the spec's message, and a right one with a session cookie", async () => {
    await signUpUser("login@example.com");
    const wrong = await logIn("login@example.com", "not-the-password-9");
    expect(wrong.outcome.status).toBe(401);
    expect(wrong.outcome.data).toMatchObject({ error: "error.invalidCredentials" });
    const right = await logIn("login@example.com");
    expect(right.outcome.status).toBe(302);
    expect(right.outcome.location).toBe("/");
    expect(right.cookie).toMatch(/better-auth\.session_token=/);
  });

  it("sends admins and owners to the dashboard after login", async () => {
    const user = await signUpUser("owner-login@example.com");
    await setRole(user.id, "owner");
    expect((await logIn("owner-login@example.com")).outcome.location).toBe("/dashboard");
  });

  it("signing out ends the session on the server, with the spec's toast", async () => {
    await signUpUser("logout@example.com");
    const { cookie } = await logIn("logout@example.com");
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();
    const out = await callRoute(logoutAction, services, "/logout", { form: { lang: "en" }, cookie });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
    expect(out.headers.getSetCookie().some((c) => c.startsWith("kta_toast="))).toBe(true);
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("limits wrong passwords for one account from one address, and that address only: the owner signs in from another", async () => {
    await signUpUser("limited@example.com");
    const attacker = fromNewIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await logIn("limited@example.com", `wrong-password-${attempt}`, attacker)).outcome.status);
    }
    expect(statuses).toEqual([...Array<number>(8).fill(401), ...Array<number>(4).fill(429)]);
    // The attacker's address waits even with the right password...
    const limited = await logIn("limited@example.com", strong, attacker);
    expect(limited.outcome.status).toBe(429);
    expect(limited.outcome.data).toMatchObject({ error: "error.rateLimited", values: { minutes: 15 } });
    // ...while the owner, elsewhere, is not locked out.
    expect((await logIn("limited@example.com", strong, fromNewIp())).outcome.status).toBe(302);
  });

  it("counts failures, not sign-ins: a right password is never held against the account, and clears its address's failures", async () => {
    await signUpUser("regular@example.com");
    const home = fromNewIp();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await logIn("regular@example.com", strong, home)).outcome.status);
    for (let i = 0; i < 7; i++) statuses.push((await logIn("regular@example.com", `typo-${i}`, home)).outcome.status);
    statuses.push((await logIn("regular@example.com", strong, home)).outcome.status);
    expect(statuses).toEqual([...Array<number>(9).fill(302), ...Array<number>(7).fill(401), 302]);
    // The 7 failures before the last sign-in no longer count for this address.
    for (let i = 0; i < 2; i++)
      expect((await logIn("regular@example.com", `typo-again-${i}`, home)).outcome.status).toBe(401);
  });

  it("one address can never start the account's delay, even when the owner signs in meanwhile", async () => {
    const email = "one-attacker@example.com";
    await signUpUser(email);
    const attacker = fromNewIp();
    vi.useFakeTimers({ toFake: ["Date"] });
    const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
    try {
      vi.setSystemTime(new Date());
      for (let i = 0; i < 8; i++) expect((await logIn(email, `first-${i}`, attacker)).outcome.status).toBe(401);
      later(10 * 60_000);
      expect((await logIn(email, strong, fromNewIp())).outcome.status).toBe(302);
      // The attacker's address may try again 15 minutes after its last failure: its earlier
      // failures are forgotten for the account too, the owner's sign-in notwithstanding.
      later(5 * 60_000 + 1_000);
      for (let i = 0; i < 8; i++) expect((await logIn(email, `second-${i}`, attacker)).outcome.status).toBe(401);
      expect((await logIn(email, strong, fromNewIp())).outcome.status).toBe(302);
    } finally {
      vi.useRealTimers();
    }
  });

  it("slows an account down step by step when wrong passwords come from many addresses, never locks it, and tells the owner once by e-mail", async () => {
    const email = "spread-attack@example.com";
    await signUpUser(email);
    const mailsTo = () =>
      smtp.messages.filter(
        (m) => m.to.includes(email) && m.text.includes("tried to sign in to your Kosher Tel Aviv account"),
      ).length;
    vi.useFakeTimers({ toFake: ["Date"] });
    const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
    try {
      vi.setSystemTime(new Date());
      // Ten addresses, one wrong password each: no address reaches its own limit.
      for (let i = 0; i < 10; i++) expect((await logIn(email, `spray-${i}`)).outcome.status).toBe(401);
      // From now on each attempt waits after the last failure — 1 s, then 2 s, 4 s… — even from an
      // address that has not failed, and is refused at once (not held) when it comes too soon.
      const early = await logIn(email, strong);
      expect(early.outcome.status).toBe(429);
      expect(early.outcome.data).toMatchObject({ error: "error.waitSeconds", values: { seconds: 1 } });
      later(1_000);
      expect((await logIn(email, "spray-10")).outcome.status).toBe(401);
      later(1_000);
      expect((await logIn(email, "spray-11")).outcome.data).toMatchObject({
        error: "error.waitSeconds",
        values: { seconds: 1 },
      });
      later(1_000);
      expect((await logIn(email, "spray-12")).outcome.status).toBe(401);
      later(1_000);
      expect((await logIn(email, "spray-13")).outcome.data).toMatchObject({
        error: "error.waitSeconds",
        values: { seconds: 3 },
      });
      // The owner, once the wait is over, signs in with the right password: never a lock.
      later(3_000);
      expect((await logIn(email, strong)).outcome.status).toBe(302);

      // The owner heard about it once, in both languages, with what to do.
      const mail = await smtp.waitFor(
        (m) => m.to.includes(email) && m.text.includes("tried to sign in to your Kosher Tel Aviv account"),
      );
      expect(mail.text).toContain("If it was you, there is nothing to do.");
      expect(mail.text).toContain("http://127.0.0.1/forgot-password");
      expect(mail.text).toContain("אם זה הייתם אתם, אין צורך לעשות דבר.");
      // More failures later on — even a fresh wave after the account's count has run out — send no
      // second e-mail the same day.
      later(16 * 60_000);
      for (let i = 0; i < 10; i++) expect((await logIn(email, `second-wave-${i}`)).outcome.status).toBe(401);
      // The sign-in action asks for this e-mail before it answers (the delivery is not awaited):
      // once the failures are answered, every e-mail they would send has been asked for.
      expect(
        requested.filter((m) => m.to === email && m.text.includes("tried to sign in to your Kosher Tel Aviv account")),
      ).toHaveLength(1);
      expect(mailsTo()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("limits sign-ups from one address", async () => {
    const s = fromNewIp();
    for (let i = 0; i < 5; i++) await signUpUser(`burst-${i}@example.com`, "Burst", s);
    const sixth = await callRoute(signupAction, s, "/signup", {
      form: {
        firstName: "B",
        lastName: "B",
        phone: "1",
        email: "burst-6@example.com",
        password: strong,
        confirmPassword: strong,
      },
    });
    expect(sixth.status).toBe(429);
  });
});

describe("password reset by e-mail", () => {
  it("works end to end through the SMTP listener, and the old password stops working", async () => {
    await signUpUser("reset@example.com");
    const { cookie: oldSession } = await logIn("reset@example.com");
    const asked = await callRoute(forgotAction, fromNewIp(), "/forgot-password", {
      form: { email: "reset@example.com" },
    });
    expect(asked.data).toEqual({ sent: true });
    const mail = await smtp.waitFor(
      (m) => m.to.includes("reset@example.com") && m.text.includes("/reset-password?token="),
    );
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    const mismatch = await callRoute(resetAction, services, "/reset-password", {
      form: { token: token!, password: "new-olive-grove-88", confirmPassword: "x" },
    });
    expect(mismatch.data).toMatchObject({ error: "error.passwordsMismatch" });
    const done = await callRoute(resetAction, services, "/reset-password", {
      form: { token: token!, password: "new-olive-grove-88", confirmPassword: "new-olive-grove-88" },
    });
    expect(done.data).toEqual({ done: true });
    expect((await logIn("reset@example.com")).outcome.status).toBe(401);
    expect((await logIn("reset@example.com", "new-olive-grove-88")).outcome.status).toBe(302);
    // Resetting the password signs the account out everywhere.
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: oldSession }) })).toBeNull();
    const reused = await callRoute(resetAction, services, "/reset-password", {
      form: { token: token!, password: "third-olive-grove-99", confirmPassword: "third-olive-grove-99" },
    });
    expect(reused.data).toMatchObject({ error: "reset.invalidToken" });
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const known = await createUser(database.db, services.auth, { email: "somebody@example.com" });
    const before = { requested: requested.length, delivered: smtp.messages.length };
    const asked = await callRoute(forgotAction, fromNewIp(), "/forgot-password", {
      form: { email: "nobody@example.com" },
    });
    expect(asked.data).toEqual({ sent: true });
    // Then the same request for an account that exists: once its e-mail has arrived, an e-mail
    // for the unknown address, asked for earlier, would have been asked for and sent too.
    const control = await callRoute(forgotAction, fromNewIp(), "/forgot-password", { form: { email: known.email } });
    expect(control.data).toEqual({ sent: true });
    await smtp.waitFor((m) => m.to.includes(known.email) && m.text.includes("/reset-password?token="));
    expect(requested.slice(before.requested).map((m) => m.to)).toEqual([known.email]);
    expect(smtp.messages.slice(before.delivered).some((m) => m.to.includes("nobody@example.com"))).toBe(false);
  });

  it("limits reset requests from one address for one account", async () => {
    const sameIp = fromNewIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.resetPerAccountAndIp.max + 1; i++) {
      statuses.push(
        (await callRoute(forgotAction, sameIp, "/forgot-password", { form: { email: "spam-target@example.com" } }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array<number>(LIMITS.resetPerAccountAndIp.max).fill(200), 429]);
  });

  it("anonymous requests from many addresses cap the account's mails, but never lock its owner out of a reset", async () => {
    const owner = await createUser(database.db, services.auth, { email: "flooded@example.com" });
    const mails = () =>
      requested.filter((m) => m.to === owner.email && m.text.includes("/reset-password?token=")).length;
    const statuses: number[] = [];
    for (let i = 0; i < RESET_MAILS.free + 5; i++) {
      statuses.push(
        (await callRoute(forgotAction, fromNewIp(), "/forgot-password", { form: { email: owner.email } })).status,
      );
    }
    // The flood reaches the owner's inbox only a few times (and every one of those links works).
    expect(statuses.filter((status) => status === 200).length).toBe(RESET_MAILS.free);
    expect(mails()).toBe(RESET_MAILS.free);
    // The owner, from their own address, is told a short wait, not a day.
    const ownRequest = fromNewIp();
    const waiting = await callRoute(forgotAction, ownRequest, "/forgot-password", { form: { email: owner.email } });
    expect(waiting.status).toBe(429);
    const wait = waiting.data as { error: string; values: { minutes?: number; seconds?: number } };
    expect(wait.values.minutes ?? 1).toBeLessThanOrEqual(RESET_MAILS.spacingMs / 60_000);
    // When that wait has passed (the last mail moved back in time), a fresh request goes through.
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`${rateLimits.resetAt} - interval '${sql.raw(String(RESET_MAILS.spacingMs))} milliseconds'` })
      .where(eq(rateLimits.key, `reset:mail:${owner.email}`));
    const again = await callRoute(forgotAction, ownRequest, "/forgot-password", { form: { email: owner.email } });
    expect(again.data).toEqual({ sent: true });
    expect(mails()).toBe(RESET_MAILS.free + 1);
  });
});

describe("account page", () => {
  it("is for signed-in users only", async () => {
    const visitor = await callRoute(accountLoader, services, "/he/account");
    expect(visitor.location).toBe("/he/login");
  });

  it("edits the profile, and changes the password only with the current one", async () => {
    await signUpUser("account@example.com");
    const { cookie } = await logIn("account@example.com");
    const saved = await callRoute(accountAction, services, "/account", {
      cookie,
      form: { intent: "profile", firstName: "Dani", lastName: "Cohen", phone: "03-1234567" },
    });
    expect(saved.data).toMatchObject({ ok: true, message: "account.saved" });
    const page = await callRoute(accountLoader, services, "/account", { cookie });
    expect(page.data).toMatchObject({ profile: { firstName: "Dani", lastName: "Cohen", phone: "03-1234567" } });

    const wrong = await callRoute(accountAction, services, "/account", {
      cookie,
      form: {
        intent: "password",
        currentPassword: "not-it-at-all",
        password: "brand-new-olive-5",
        confirmPassword: "brand-new-olive-5",
      },
    });
    expect(wrong.data).toMatchObject({ ok: false, error: "account.wrongPassword" });
    const changed = await callRoute(accountAction, services, "/account", {
      cookie,
      form: {
        intent: "password",
        currentPassword: strong,
        password: "brand-new-olive-5",
        confirmPassword: "brand-new-olive-5",
      },
    });
    expect(changed.data).toMatchObject({ ok: true, message: "account.passwordChanged" });
    expect((await logIn("account@example.com", "brand-new-olive-5")).outcome.status).toBe(302);
  });

  it("changing the password signs out every other device, and this one stays signed in", async () => {
    await signUpUser("two-devices@example.com");
    const phone = (await logIn("two-devices@example.com")).cookie;
    const laptop = (await logIn("two-devices@example.com")).cookie;
    const changed = await callRoute(accountAction, fromNewIp(), "/account", {
      cookie: laptop,
      form: {
        intent: "password",
        currentPassword: strong,
        password: "two-devices-olive-8",
        confirmPassword: "two-devices-olive-8",
      },
    });
    expect(changed.data).toMatchObject({ ok: true, message: "account.passwordChanged" });
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: phone }) })).toBeNull();
    // This device carries on with the session the answer set.
    const renewed = sessionCookie(changed.headers);
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: renewed }) })).not.toBeNull();
    const page = await callRoute(accountLoader, services, "/account", { cookie: renewed });
    expect((page.data as { sessions: { current: boolean }[] }).sessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });

  it("limits wrong current passwords like sign-in, so a stolen session cannot guess the password", async () => {
    await signUpUser("stolen-session@example.com");
    const thief = fromNewIp();
    const { cookie } = await logIn("stolen-session@example.com", strong, thief);
    const change = (currentPassword: string) =>
      callRoute(accountAction, thief, "/account", {
        cookie,
        form: {
          intent: "password",
          currentPassword,
          password: "thief-chosen-olive-3",
          confirmPassword: "thief-chosen-olive-3",
        },
      });
    for (let i = 0; i < 8; i++) {
      const wrong = await change(`guess-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.data).toMatchObject({ ok: false, error: "account.wrongPassword" });
    }
    const limited = await change("guess-8");
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ ok: false, error: "error.rateLimited", values: { minutes: 15 } });
    // Refused before it is checked: even the right one waits, and the password stays as it was.
    expect((await change(strong)).status).toBe(429);
    expect((await logIn("stolen-session@example.com", strong)).outcome.status).toBe(302);
    expect((await logIn("stolen-session@example.com", "thief-chosen-olive-3")).outcome.status).toBe(401);
  });

  it("counts wrong passwords typed into the two-factor settings like wrong sign-ins (one counter for every password check)", async () => {
    await signUpUser("stolen-tfa@example.com");
    const thief = fromNewIp();
    const { cookie } = await logIn("stolen-tfa@example.com", strong, thief);
    for (let i = 0; i < 8; i++) {
      const wrong = await callRoute(accountAction, thief, "/account", {
        cookie,
        form: { intent: "twoFactorSetup", setupPassword: `guess-${i}` },
      });
      expect(wrong.data).toMatchObject({ ok: false, error: "account.wrongPassword" });
    }
    // The thief's address has used up its wrong passwords for this account, wherever they were typed.
    expect((await logIn("stolen-tfa@example.com", strong, thief)).outcome.status).toBe(429);
    expect((await logIn("stolen-tfa@example.com", strong)).outcome.status).toBe(302);
  });

  it("lists sessions and signs out of all other devices", async () => {
    await signUpUser("devices@example.com");
    const phone = (await logIn("devices@example.com")).cookie;
    const laptop = (await logIn("devices@example.com")).cookie;
    const page = await callRoute(accountLoader, services, "/account", { cookie: laptop });
    const sessions = (page.data as { sessions: { current: boolean }[] }).sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const out = await callRoute(accountAction, services, "/account", {
      cookie: laptop,
      form: { intent: "signOutOthers" },
    });
    expect(out.data).toMatchObject({ ok: true });
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: phone }) })).toBeNull();
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: laptop }) })).not.toBeNull();
  });
});

describe("dashboard access and roles", () => {
  it("sends visitors to login and guests home with the spec's message", async () => {
    const visitor = await callRoute(dashboardLoader, services, "/dashboard");
    expect(visitor.location).toBe("/login");
    await signUpUser("guest-dash@example.com");
    const { cookie } = await logIn("guest-dash@example.com");
    const guest = await callRoute(dashboardLoader, services, "/he/dashboard", { cookie });
    expect(guest.location).toBe("/he");
    const toast = guest.headers.getSetCookie().find((c) => c.startsWith("kta_toast="));
    const { toast: carried } = await services.toasts.take(
      new Request("http://x/", { headers: { cookie: toast!.split(";")[0]! } }),
    );
    expect(carried?.message).toBe("toast.guestNoDashboard");
  });

  it("lets only admins list users and change roles; others get 403 from the server", async () => {
    const target = await signUpUser("promote-me@example.com");
    const owner = await signUpUser("just-owner@example.com");
    await setRole(owner.id, "owner");
    const ownerCookie = (await logIn("just-owner@example.com")).cookie;
    const denied = await callRoute(usersAction, services, "/dashboard/users", {
      cookie: ownerCookie,
      form: { userId: target.id, role: "owner" },
    });
    expect(denied.status).toBe(403);
    expect((await callRoute(usersLoader, services, "/dashboard/users", { cookie: ownerCookie })).status).toBe(403);
    const [unchanged] = await database.db.select().from(userRoles).where(eq(userRoles.userId, target.id));
    expect(unchanged?.role).toBe("guest");

    const admin = await signUpUser("the-admin@example.com");
    await setRole(admin.id, "admin");
    const adminCookie = (await logIn("the-admin@example.com")).cookie;
    const listed = await callRoute(usersLoader, services, "/dashboard/users?q=promote", { cookie: adminCookie });
    expect((listed.data as { users: { email: string; role: string }[] }).users).toEqual([
      expect.objectContaining({ email: "promote-me@example.com", role: "guest" }),
    ]);
    const promoted = await callRoute(usersAction, services, "/dashboard/users", {
      cookie: adminCookie,
      form: { userId: target.id, role: "owner" },
    });
    expect(promoted.status).toBe(302);
    const [now] = await database.db.select().from(userRoles).where(eq(userRoles.userId, target.id));
    expect(now?.role).toBe("owner");
  });

  it("never demotes the last admin", async () => {
    await database.db.update(userRoles).set({ role: "guest" }).where(eq(userRoles.role, "admin"));
    const only = await signUpUser("only-admin@example.com");
    await setRole(only.id, "admin");
    const cookie = (await logIn("only-admin@example.com")).cookie;
    const refused = await callRoute(usersAction, services, "/dashboard/users", {
      cookie,
      form: { userId: only.id, role: "guest" },
    });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ error: "users.lastAdmin" });
    const second = await signUpUser("second-admin@example.com");
    await setRole(second.id, "admin");
    const allowed = await callRoute(usersAction, services, "/dashboard/users", {
      cookie,
      form: { userId: second.id, role: "owner" },
    });
    expect(allowed.status).toBe(302);
  });

  it("pages through users and searches by name", async () => {
    const admin = await signUpUser("pager-admin@example.com", "Pager");
    await setRole(admin.id, "admin");
    const cookie = (await logIn("pager-admin@example.com")).cookie;
    for (let i = 0; i < 22; i++) {
      await services.auth.api.signUpEmail({
        body: { email: `bulk-${String(i).padStart(2, "0")}@example.com`, password: strong, name: "Bulk" },
      });
    }
    const first = (await callRoute(usersLoader, services, "/dashboard/users?q=bulk", { cookie })).data as {
      users: unknown[];
      pages: number;
      total: number;
    };
    expect(first.total).toBe(22);
    expect(first.users).toHaveLength(20);
    expect(first.pages).toBe(2);
    const second = (await callRoute(usersLoader, services, "/dashboard/users?q=bulk&page=2", { cookie })).data as {
      users: unknown[];
    };
    expect(second.users).toHaveLength(2);
    const byName = (await callRoute(usersLoader, services, "/dashboard/users?q=Pager", { cookie })).data as {
      users: { email: string }[];
    };
    expect(byName.users.map((u) => u.email)).toEqual(["pager-admin@example.com"]);
  });
});

describe("two-factor sign-in", () => {
  /** better-auth's short-lived cookie for the second sign-in step, as a Cookie header value. */
  function pendingCookie(headers: Headers): string {
    return headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .filter((pair) => pair.startsWith("better-auth.two_factor=") && !pair.endsWith("="))
      .join("; ");
  }

  interface Enabled {
    secret: string;
    backupCodes: string[];
    cookie: string;
  }

  /** Sets up two-factor through the account page's actions, as a person would. */
  async function enableTwoFactor(email: string, s = services): Promise<Enabled> {
    const { cookie } = await logIn(email);
    const started = await callRoute(accountAction, s, "/account", {
      cookie,
      form: { intent: "twoFactorSetup", setupPassword: strong },
    });
    const { setup } = started.data as { setup: { secret: string; backupCodes: string[] } };
    const confirmed = await callRoute(accountAction, s, "/account", {
      cookie,
      form: { intent: "twoFactorConfirm", code: totp(setup.secret) },
    });
    expect(confirmed.data).toMatchObject({ ok: true, message: "twoFactor.enabled" });
    return { secret: setup.secret, backupCodes: setup.backupCodes, cookie: sessionCookie(confirmed.headers) };
  }

  /** The password step of a sign-in for a two-factor account: no session, the pending cookie. */
  async function passwordStep(email: string, s = fromNewIp(), path = "/login") {
    const outcome = await callRoute(loginAction, s, path, { form: { email, password: strong } });
    return { outcome, pending: pendingCookie(outcome.headers), session: sessionCookie(outcome.headers) };
  }

  async function codeStep(
    pending: string,
    code: string,
    method: "totp" | "backup" = "totp",
    s = fromNewIp(),
    path = "/login/two-factor",
  ) {
    const outcome = await callRoute(twoFactorAction, s, path, { cookie: pending, form: { method, code } });
    return { outcome, session: sessionCookie(outcome.headers) };
  }

  async function userId(email: string) {
    const [user] = await database.db
      .select({ id: users.id, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.email, email));
    return user!;
  }

  it("is set up on the account page: the password, then a code from the app turns it on", async () => {
    const { id } = await signUpUser("tfa-setup@example.com");
    const { cookie } = await logIn("tfa-setup@example.com");
    const setupWith = (setupPassword: string) =>
      callRoute(accountAction, services, "/account", { cookie, form: { intent: "twoFactorSetup", setupPassword } });

    expect((await setupWith("")).data).toMatchObject({
      ok: false,
      error: "twoFactor.passwordRequired",
      errors: { setupPassword: "twoFactor.passwordRequired" },
    });
    expect((await setupWith("not-my-password-9")).data).toMatchObject({
      ok: false,
      error: "account.wrongPassword",
      errors: { setupPassword: "account.wrongPassword" },
    });
    expect(await database.db.$count(twoFactors, eq(twoFactors.userId, id))).toBe(0);

    const started = await setupWith(strong);
    const { setup } = started.data as {
      setup: { secret: string; backupCodes: string[]; qr: { size: number; path: string } };
    };
    expect(setup.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(setup.backupCodes).toHaveLength(10);
    expect(new Set(setup.backupCodes).size).toBe(10);
    for (const code of setup.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(setup.qr.size).toBeGreaterThan(21);
    expect(setup.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    // Not in force until a code confirms it: the page asks for one.
    expect((await userId("tfa-setup@example.com")).twoFactorEnabled).toBe(false);
    expect((await callRoute(accountLoader, services, "/account", { cookie })).data).toMatchObject({
      twoFactor: { state: "pending", required: false },
    });

    const confirm = (code: string) =>
      callRoute(accountAction, services, "/account", { cookie, form: { intent: "twoFactorConfirm", code } });
    expect((await confirm("12345")).data).toMatchObject({
      ok: false,
      error: "twoFactor.codeFormat",
      errors: { code: "twoFactor.codeFormat" },
    });
    const wrong = await confirm(wrongTotp(setup.secret));
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({
      ok: false,
      error: "twoFactor.invalidCode",
      errors: { code: "twoFactor.invalidCode" },
    });
    expect((await userId("tfa-setup@example.com")).twoFactorEnabled).toBe(false);

    const code = totp(setup.secret);
    const right = await confirm(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(right.data).toMatchObject({ ok: true, message: "twoFactor.enabled" });
    expect((await userId("tfa-setup@example.com")).twoFactorEnabled).toBe(true);
    // better-auth replaced the session on this device; the new cookie came back with the answer.
    const renewed = sessionCookie(right.headers);
    expect(renewed).toMatch(/better-auth\.session_token=/);
    expect((await callRoute(accountLoader, services, "/account", { cookie: renewed })).data).toMatchObject({
      twoFactor: { state: "on" },
    });
  });

  it("keeps the way back (`next`) through the second step, cleaned like the login page's", async () => {
    await signUpUser("tfa-next@example.com");
    const { secret } = await enableTwoFactor("tfa-next@example.com");
    const claim = "/he/restaurant/x/claim";
    const first = await passwordStep(
      "tfa-next@example.com",
      fromNewIp(),
      `/he/login?next=${encodeURIComponent(claim)}`,
    );
    expect(first.outcome.location).toBe(`/he/login/two-factor?next=${encodeURIComponent(claim)}`);
    const done = await codeStep(first.pending, totp(secret), "totp", fromNewIp(), first.outcome.location!);
    expect(done.outcome.location).toBe(claim);
    // A signed-in user opening the second step goes there too; another site is never followed.
    expect(
      (
        await callRoute(twoFactorLoader, services, `/he/login/two-factor?next=${encodeURIComponent(claim)}`, {
          cookie: done.session,
        })
      ).location,
    ).toBe(claim);
    const tricky = await callRoute(
      twoFactorLoader,
      services,
      `/he/login/two-factor?next=${encodeURIComponent("/.//evil.example")}`,
      { cookie: done.session },
    );
    expect(tricky.location).toBe("/he/dashboard");
    // Without a pending sign-in, back to the password, still with the way back.
    expect(
      (await callRoute(twoFactorLoader, services, `/he/login/two-factor?next=${encodeURIComponent(claim)}`)).location,
    ).toBe(`/he/login?next=${encodeURIComponent(claim)}`);
  });

  it("asks for a code after a correct password; only a right code opens a session", async () => {
    await signUpUser("tfa-login@example.com");
    const { secret } = await enableTwoFactor("tfa-login@example.com");
    const { id } = await userId("tfa-login@example.com");
    const sessionsBefore = await database.db.$count(sessions, eq(sessions.userId, id));

    const wrongPassword = await callRoute(loginAction, fromNewIp(), "/login", {
      form: { email: "tfa-login@example.com", password: "nope-nope-nope-1" },
    });
    expect(wrongPassword.status).toBe(401);
    expect(pendingCookie(wrongPassword.headers)).toBe("");

    const step = await passwordStep("tfa-login@example.com", fromNewIp(), "/he/login");
    expect(step.outcome.status).toBe(302);
    expect(step.outcome.location).toBe("/he/login/two-factor");
    expect(step.session).toBe("");
    expect(step.pending).toMatch(/^better-auth\.two_factor=/);
    expect(await database.db.$count(sessions, eq(sessions.userId, id))).toBe(sessionsBefore);

    // The code page needs a pending sign-in.
    expect((await callRoute(twoFactorLoader, services, "/he/login/two-factor")).location).toBe("/he/login");
    expect((await callRoute(twoFactorLoader, services, "/he/login/two-factor", { cookie: step.pending })).status).toBe(
      200,
    );

    const malformed = await codeStep(step.pending, "12ab56");
    expect(malformed.outcome).toMatchObject({
      status: 400,
      data: { error: "twoFactor.codeFormat", errors: { code: "twoFactor.codeFormat" } },
    });
    const wrong = await codeStep(step.pending, wrongTotp(secret));
    expect(wrong.outcome).toMatchObject({ status: 401, data: { error: "twoFactor.invalidCode" } });
    expect(wrong.session).toBe("");
    expect(await database.db.$count(sessions, eq(sessions.userId, id))).toBe(sessionsBefore);

    const right = await codeStep(step.pending, totp(secret), "totp", fromNewIp(), "/he/login/two-factor");
    expect(right.outcome.status).toBe(302);
    expect(right.outcome.location).toBe("/he");
    const session = await services.auth.api.getSession({ headers: new Headers({ cookie: right.session }) });
    expect(session?.user.email).toBe("tfa-login@example.com");
    // The step is spent: the same pending cookie cannot open a second session.
    const replay = await codeStep(step.pending, totp(secret));
    expect(replay.outcome).toMatchObject({ status: 401, data: { error: "twoFactor.expired" } });
  });

  it("turning two-factor on signs the account out on every other device, as a password change does", async () => {
    await signUpUser("tfa-elsewhere@example.com");
    const { cookie: otherDevice } = await logIn("tfa-elsewhere@example.com");
    const { cookie: thisDevice } = await enableTwoFactor("tfa-elsewhere@example.com");
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie: otherDevice }) })).toBeNull();
    expect((await services.auth.api.getSession({ headers: new Headers({ cookie: thisDevice }) }))?.user.email).toBe(
      "tfa-elsewhere@example.com",
    );
  });

  it("a code from the app opens one session: the same code is refused for a second sign-in within its window", async () => {
    await awayFromStepEdge();
    await signUpUser("tfa-replay@example.com");
    const { secret } = await enableTwoFactor("tfa-replay@example.com");
    // A code from the next time step (the set-up used this one's), valid now within the window.
    const code = totp(secret, Date.now() + 30_000);
    const first = await codeStep((await passwordStep("tfa-replay@example.com")).pending, code);
    expect(first.outcome.status).toBe(302);
    expect(first.session).toMatch(/better-auth\.session_token=/);
    // Someone who saw the code (over a shoulder, through a phishing page) signs in with it again.
    const again = await codeStep((await passwordStep("tfa-replay@example.com")).pending, code);
    expect(again.outcome).toMatchObject({ status: 401, data: { error: "twoFactor.invalidCode" } });
    expect(again.session).toBe("");
    // A wrong code is no use spent: a right one typed after it still works.
    const second = await passwordStep("tfa-replay@example.com");
    expect((await codeStep(second.pending, wrongTotp(secret))).outcome.status).toBe(401);
    expect((await codeStep(second.pending, totp(secret, Date.now() - 30_000))).outcome.status).toBe(302);
  });

  it("recovers with a backup code, which works once; new codes replace the old ones", async () => {
    await signUpUser("tfa-backup@example.com");
    const { backupCodes, cookie } = await enableTwoFactor("tfa-backup@example.com");

    const first = await passwordStep("tfa-backup@example.com");
    expect((await codeStep(first.pending, "not a code", "backup")).outcome.data).toMatchObject({
      error: "twoFactor.backupFormat",
    });
    const used = await codeStep(first.pending, backupCodes[0]!, "backup");
    expect(used.outcome.status).toBe(302);
    expect(used.session).toMatch(/better-auth\.session_token=/);

    const second = await passwordStep("tfa-backup@example.com");
    const reused = await codeStep(second.pending, backupCodes[0]!, "backup");
    expect(reused.outcome).toMatchObject({ status: 401, data: { error: "twoFactor.invalidBackupCode" } });
    expect(reused.session).toBe("");
    // Typed without the hyphen, another code still works.
    const typed = await codeStep(second.pending, backupCodes[1]!.replace("-", ""), "backup");
    expect(typed.outcome.status).toBe(302);

    const wrongPassword = await callRoute(accountAction, services, "/account", {
      cookie,
      form: { intent: "twoFactorCodes", codesPassword: "nope-nope-nope-2" },
    });
    expect(wrongPassword.data).toMatchObject({
      ok: false,
      error: "account.wrongPassword",
      errors: { codesPassword: "account.wrongPassword" },
    });
    const renewed = await callRoute(accountAction, services, "/account", {
      cookie,
      form: { intent: "twoFactorCodes", codesPassword: strong },
    });
    const fresh = (renewed.data as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    const third = await passwordStep("tfa-backup@example.com");
    expect((await codeStep(third.pending, backupCodes[2]!, "backup")).outcome.status).toBe(401);
    expect((await codeStep(third.pending, fresh[0]!, "backup")).outcome.status).toBe(302);
  });

  it("turns off only with the password; then a password alone signs in again", async () => {
    await signUpUser("tfa-off@example.com");
    const { cookie } = await enableTwoFactor("tfa-off@example.com");
    const off = (disablePassword: string) =>
      callRoute(accountAction, services, "/account", { cookie, form: { intent: "twoFactorDisable", disablePassword } });
    expect((await off("nope-nope-nope-3")).data).toMatchObject({
      ok: false,
      error: "account.wrongPassword",
      errors: { disablePassword: "account.wrongPassword" },
    });
    expect((await userId("tfa-off@example.com")).twoFactorEnabled).toBe(true);
    const done = await off(strong);
    expect(done.data).toMatchObject({ ok: true, message: "twoFactor.disabled" });
    expect((await userId("tfa-off@example.com")).twoFactorEnabled).toBe(false);
    const plain = await logIn("tfa-off@example.com");
    expect(plain.outcome.location).toBe("/");
    expect(plain.cookie).toMatch(/better-auth\.session_token=/);
  });

  it("limits code entry for one account across sign-in attempts", async () => {
    await signUpUser("tfa-limit@example.com");
    const { secret } = await enableTwoFactor("tfa-limit@example.com");
    // Six codes per 15 minutes, the one that confirmed the set-up included; each sign-in step from
    // a new address, so only the account's count can stop the seventh.
    const statuses: number[] = [];
    for (const tries of [3, 2]) {
      const { pending } = await passwordStep("tfa-limit@example.com");
      for (let i = 0; i < tries; i++) statuses.push((await codeStep(pending, wrongTotp(secret))).outcome.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Even the right code, from a new address and a new sign-in, waits now.
    const { pending } = await passwordStep("tfa-limit@example.com");
    const limited = await codeStep(pending, totp(secret));
    expect(limited.outcome).toMatchObject({
      status: 429,
      data: { error: "error.rateLimited", values: { minutes: 15 } },
    });
    expect(limited.session).toBe("");
  });

  it("limits code entry from one address, valid sign-in step or not", async () => {
    await signUpUser("tfa-ip@example.com");
    const { secret } = await enableTwoFactor("tfa-ip@example.com");
    const s = fromNewIp();
    const forged = "better-auth.two_factor=2fa-guessed-identifier.c2lnbmF0dXJl";
    for (let i = 0; i < 20; i++) {
      expect((await codeStep(forged, "123456", "totp", s)).outcome.data).toMatchObject({ error: "twoFactor.expired" });
    }
    const { pending } = await passwordStep("tfa-ip@example.com");
    const limited = await codeStep(pending, totp(secret), "totp", s);
    expect(limited.outcome.status).toBe(429);
    expect(limited.session).toBe("");
    // From another address the same step still works.
    expect((await codeStep(pending, totp(secret))).outcome.status).toBe(302);
  });

  it("expires the second step", async () => {
    await signUpUser("tfa-expire@example.com");
    const { secret } = await enableTwoFactor("tfa-expire@example.com");
    const { pending } = await passwordStep("tfa-expire@example.com");
    const identifier = decodeURIComponent(pending.split("=")[1]!).split(".")[0]!;
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, identifier));
    const late = await codeStep(pending, totp(secret));
    expect(late.outcome).toMatchObject({ status: 401, data: { error: "twoFactor.expired" } });
    expect(late.session).toBe("");
  });

  describe("with REQUIRE_2FA_FOR_ADMINS", () => {
    const enforced = () => ({ ...fromNewIp(), settings: { ...services.settings, requireTwoFactorForAdmins: true } });

    it("sends an admin without two-factor to set it up, and refuses dashboard writes until then", async () => {
      const admin = await signUpUser("tfa-admin@example.com");
      await setRole(admin.id, "admin");
      const target = await signUpUser("tfa-admin-target@example.com");
      const s = enforced();
      const { outcome, cookie } = await logIn("tfa-admin@example.com", strong, s);
      expect(outcome.location).toBe("/dashboard");

      const page = await callRoute(dashboardLoader, s, "/he/dashboard", { cookie });
      expect(page.status).toBe(302);
      expect(page.location).toBe("/he/account#two-factor");
      const toast = page.headers.getSetCookie().find((c) => c.startsWith("kta_toast="));
      const { toast: carried } = await s.toasts.take(
        new Request("http://x/", { headers: { cookie: toast!.split(";")[0]! } }),
      );
      expect(carried?.message).toBe("toast.twoFactorRequired");
      expect((await callRoute(usersLoader, s, "/dashboard/users", { cookie })).location).toBe("/account#two-factor");
      const write = await callRoute(usersAction, s, "/dashboard/users", {
        cookie,
        form: { userId: target.id, role: "owner" },
      });
      expect(write.status).toBe(403);
      const [unchanged] = await database.db.select().from(userRoles).where(eq(userRoles.userId, target.id));
      expect(unchanged?.role).toBe("guest");
      // The blog editor is part of the dashboard: the same rule, no side door.
      expect((await callRoute(blogEditorLoader, s, "/dashboard/blog/add", { cookie })).location).toBe(
        "/account#two-factor",
      );
      const post = { title: "Side door", subtitle: "s", slug: "side-door", image: "", content: "c" };
      expect((await callRoute(blogEditorAction, s, "/dashboard/blog/add", { cookie, form: post })).status).toBe(403);
      expect(await database.db.$count(blogs)).toBe(0);
      expect((await callRoute(accountLoader, s, "/account", { cookie })).data).toMatchObject({
        twoFactor: { state: "off", required: true },
      });

      // Without the setting, the same admin is let in (two-factor stays optional).
      expect((await callRoute(dashboardLoader, services, "/dashboard", { cookie })).status).toBe(200);

      const { cookie: withTwoFactor } = await enableTwoFactor("tfa-admin@example.com", s);
      expect((await callRoute(dashboardLoader, s, "/dashboard", { cookie: withTwoFactor })).status).toBe(200);
      const allowed = await callRoute(usersAction, s, "/dashboard/users", {
        cookie: withTwoFactor,
        form: { userId: target.id, role: "owner" },
      });
      expect(allowed.status).toBe(302);
      // ...and cannot turn it off again while the setting is on.
      const off = await callRoute(accountAction, s, "/account", {
        cookie: withTwoFactor,
        form: { intent: "twoFactorDisable", disablePassword: strong },
      });
      expect(off).toMatchObject({ status: 403, data: { ok: false, error: "twoFactor.cannotDisable" } });
      expect((await userId("tfa-admin@example.com")).twoFactorEnabled).toBe(true);
    });

    it("leaves owners' two-factor optional", async () => {
      const owner = await signUpUser("tfa-owner@example.com");
      await setRole(owner.id, "owner");
      const s = enforced();
      const { cookie } = await logIn("tfa-owner@example.com", strong, s);
      expect((await callRoute(dashboardLoader, s, "/dashboard", { cookie })).status).toBe(200);
    });
  });

  it("lets an operator reset a locked-out account's two-factor (npm run admin:create -- --reset-2fa)", async () => {
    await signUpUser("tfa-reset@example.com");
    const { cookie } = await enableTwoFactor("tfa-reset@example.com");
    expect(await resetTwoFactor(database.db, "nobody-here@example.com")).toBe(false);
    expect(await resetTwoFactor(database.db, "tfa-reset@example.com")).toBe(true);
    const { id, twoFactorEnabled } = await userId("tfa-reset@example.com");
    expect(twoFactorEnabled).toBe(false);
    expect(await database.db.$count(twoFactors, eq(twoFactors.userId, id))).toBe(0);
    // Signed out everywhere; the password alone signs in again.
    expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect((await logIn("tfa-reset@example.com")).cookie).toMatch(/better-auth\.session_token=/);
  });
});
