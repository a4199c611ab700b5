// Fuzzing the account actions (/login, /login/two-factor, /signup, /forgot-password,
// /reset-password, /logout, /account) and the e-mail verification link: thousands of random and hostile forms, as every
// kind of user. Never a 5xx or a stack trace; a request invalid by construction changes nothing.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyString, encode, extraHeaders, formBody, formEntries, intents, type Entries } from "./arbitraries";
import { TRICKY_RETURN_PATHS } from "../../setup/tricky-return-paths";
import {
  check,
  clearRateLimits,
  EVERYONE,
  PASSWORD,
  send,
  sendInvalid,
  SIGNED_IN,
  startFuzzServer,
  type FuzzServer,
  type Who,
} from "./harness";

let server: FuzzServer;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The same action at its English path, its Hebrew path, and as React Router's data request. */
const at = (path: string) => fc.constantFrom(path, `/he${path}`, `${path}.data`, `/he${path}.data`);
const cookieOf = (who: Who) => server.cookieOf(who);

const STRONG = "mango-harbour-lantern-42";
const ACCOUNT_INTENTS = [
  "profile",
  "password",
  "signOutOthers",
  "resendVerification",
  "twoFactorSetup",
  "twoFactorConfirm",
  "twoFactorDisable",
  "twoFactorCodes",
];
const emailish = fc.oneof(
  anyString,
  fc.emailAddress(),
  fc.constantFrom("fuzz-admin@fuzz.example", "FUZZ-OWNER@FUZZ.EXAMPLE ", "nobody@fuzz.example"),
);

/** Puts the entries of one field first, so form.get() (the first value) reads the broken one. */
function withFirst(entries: Entries, name: string, value: string | undefined): Entries {
  const rest = entries.filter(([k]) => k !== name);
  return value === undefined ? rest : [[name, value], ...rest];
}

describe("login", () => {
  it("answers any form without a 5xx, and a failed login creates no session and changes nothing", async () => {
    const arbitrary = fc.record({
      path: at("/login"),
      body: formBody(
        formEntries({ email: emailish, password: fc.oneof(anyString, fc.constant("olive-branch-fuzz-2026")) }),
      ),
      headers: extraHeaders(server.baseUrl),
    });
    await check("login", arbitrary, 300, async ({ path, body, headers }) => {
      await clearRateLimits(server);
      await sendInvalid(server, { method: "POST", path, ...body, headers: { ...headers, ...body.headers } });
    });
  });

  it("answers 429 (not 5xx) once the rate limit is reached, with the limiter's message", async () => {
    await clearRateLimits(server);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await sendInvalid(server, {
        method: "POST",
        path: "/login",
        body: new URLSearchParams({ email: "fuzz-guest@fuzz.example", password: `wrong-${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await clearRateLimits(server);
  });
});

describe("login, second step", () => {
  it("answers any code and any cookie without a 5xx; without a real pending sign-in nothing changes and no session is made", async () => {
    const arbitrary = fc.record({
      path: at("/login/two-factor"),
      body: formBody(
        formEntries({
          method: fc.oneof(fc.constantFrom("totp", "backup"), anyString),
          code: fc.oneof(anyString, fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[a-zA-Z0-9]{5}-[a-zA-Z0-9]{5}$/)),
        }),
      ),
      cookie: fc.oneof(
        fc.constant(""),
        fc.stringMatching(/^[A-Za-z0-9._%-]{0,120}$/).map((value) => `better-auth.two_factor=${value}`),
        fc.stringMatching(/^[A-Za-z0-9]{20}$/).map((id) => `better-auth.two_factor=2fa-${id}.c2ln`),
        fc.constantFrom(
          "better-auth.two_factor=%E0%A4%A",
          "better-auth.two_factor=2fa-.; better-auth.two_factor=x",
          "__Secure-better-auth.two_factor=2fa-x.y",
        ),
      ),
      headers: extraHeaders(server.baseUrl),
    });
    await check("login two-factor", arbitrary, 250, async ({ path, body, cookie, headers }) => {
      await clearRateLimits(server);
      const response = await sendInvalid(server, {
        method: "POST",
        path,
        ...body,
        headers: { ...headers, ...body.headers, ...(cookie ? { cookie } : {}) },
      });
      expect(response.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
    });
  });

  it("sends signed-in users away from it, and visitors without a pending sign-in to the login page", async () => {
    const visitor = await send(server, { method: "GET", path: "/he/login/two-factor" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/he/login");
    const admin = await send(server, { method: "GET", path: "/login/two-factor", headers: cookieOf("admin") });
    expect(admin.headers.get("location")).toBe("/dashboard");
  });
});

describe("sign-in throttling (ADR 005): per account and address, per address, and the account's delay", () => {
  // A model of the limits, checked against the server for random sequences of sign-ins and
  // account-page password changes (right or wrong password) for a few accounts from a few
  // addresses (the server trusts X-Forwarded-For from loopback, as from its own proxy).
  const accounts = ["guest", "owner", "nobody"] as const;
  // Bursts of the same attempt, so that sequences reach the limits (8 per address, 10 per account, 20 per address overall).
  const burst = fc.record({
    kind: fc.constantFrom("login", "login", "change"),
    account: fc.constantFrom(...accounts),
    ip: fc.constantFrom("203.0.113.1", "203.0.113.2", "198.51.100.7"),
    right: fc.boolean(),
    times: fc.integer({ min: 1, max: 10 }),
  });
  const steps = fc
    .array(burst, { minLength: 2, maxLength: 6 })
    .map((bursts) => bursts.flatMap((b) => Array<typeof b>(b.times).fill(b)).slice(0, 30));

  it("answers as the model says: wrong passwords limit their address, a right one from a clean address always gets in", async () => {
    await check("sign-in throttling", steps, 6, async (sequence) => {
      await clearRateLimits(server);
      const attempts = new Map<string, number>();
      const pairFailures = new Map<string, number>();
      const accountFailures = new Map<string, number>();
      for (const { kind, account, ip, right } of sequence) {
        // Only signed-in users change a password, and never with the right one here (it would change).
        const who = kind === "change" && account === "nobody" ? "guest" : account;
        const email = who === "nobody" ? "nobody@fuzz.example" : server.fixtures.emails[who];
        const correct = right && who !== "nobody" && kind === "login";
        const pair = `${email}|${ip}`;
        const headers = { "x-forwarded-for": ip };
        const response =
          kind === "login"
            ? await send(server, {
                method: "POST",
                path: "/login",
                headers,
                body: new URLSearchParams({ email, password: correct ? PASSWORD : "not-the-password-1" }),
              })
            : await send(server, {
                method: "POST",
                path: "/account",
                headers: { ...headers, ...cookieOf(who === "nobody" ? "guest" : who) },
                body: new URLSearchParams({
                  intent: "password",
                  currentPassword: "not-the-password-1",
                  password: STRONG,
                  confirmPassword: STRONG,
                }),
              });
        attempts.set(ip, (attempts.get(ip) ?? 0) + 1);
        const failed = kind === "login" ? 401 : 400;
        const label = `${kind} ${who} from ${ip} (${correct ? "right" : "wrong"}) → ${response.status}`;
        if ((attempts.get(ip) ?? 0) > 20 || (pairFailures.get(pair) ?? 0) >= 8) {
          expect(response.status, label).toBe(429);
        } else if ((accountFailures.get(email) ?? 0) < 10) {
          expect(response.status, label).toBe(correct ? 302 : failed);
        } else {
          // The account's delay: refused if too soon after its last failure, else checked.
          expect([429, correct ? 302 : failed], label).toContain(response.status);
        }
        if (response.status === 429) {
          expect(response.text, label).toMatch(/Too many (failed )?attempts/);
        } else if (response.status === failed) {
          pairFailures.set(pair, (pairFailures.get(pair) ?? 0) + 1);
          accountFailures.set(email, (accountFailures.get(email) ?? 0) + 1);
        } else {
          pairFailures.delete(pair);
        }
      }
    });
    await clearRateLimits(server);
  });
});

describe("signup", () => {
  const valid = (n: number) => ({
    firstName: "Dana",
    lastName: "Levi",
    email: `new-${n}@fuzz.example`,
    phone: "050-1234567",
    password: STRONG,
    confirmPassword: STRONG,
  });
  type Signup = ReturnType<typeof valid>;
  // Each breaker makes the form invalid under one of the spec's rules (section 5) or ADR 005's.
  const breakers: {
    name: string;
    apply: (v: Signup, junk: string) => Partial<Record<keyof Signup, string | undefined>>;
  }[] = [
    { name: "no first name", apply: () => ({ firstName: " \t " }) },
    { name: "missing first name", apply: () => ({ firstName: undefined }) },
    { name: "no last name", apply: () => ({ lastName: "" }) },
    { name: "no phone", apply: () => ({ phone: "\n" }) },
    { name: "passwords differ", apply: (v, junk) => ({ confirmPassword: `${v.password}${junk}x` }) },
    {
      name: "short password",
      apply: (_v, junk) => ({ password: junk.slice(0, 5), confirmPassword: junk.slice(0, 5) }),
    },
    {
      name: "long password",
      apply: (_v, junk) => ({ password: `${junk}${"p".repeat(129)}`, confirmPassword: `${junk}${"p".repeat(129)}` }),
    },
    { name: "weak password", apply: () => ({ password: "password1", confirmPassword: "password1" }) },
    { name: "bad e-mail", apply: (_v, junk) => ({ email: `${junk.replace(/@/g, "")} no-at-sign` }) },
    { name: "no e-mail", apply: () => ({ email: "" }) },
  ];
  const fields = Object.keys(valid(0)) as (keyof Signup)[];

  it("refuses every invalid sign-up with a message and stores nothing", async () => {
    const arbitrary = fc.record({
      path: at("/signup"),
      n: fc.nat(),
      breaker: fc.constantFrom(...breakers),
      junk: anyString,
      // Other fields: valid, or anything at all.
      noise: fc.dictionary(fc.constantFrom(...fields), anyString, { maxKeys: 3 }),
      duplicate: fc.boolean(),
      multipart: fc.boolean(),
      headers: extraHeaders(server.baseUrl),
    });
    await check(
      "signup invalid",
      arbitrary,
      250,
      async ({ path, n, breaker, junk, noise, duplicate, multipart, headers }) => {
        await clearRateLimits(server);
        const values: Record<string, string | undefined> = { ...valid(n), ...noise, ...breaker.apply(valid(n), junk) };
        // The breaker's fields win (they are set last and read first).
        const broken = breaker.apply(valid(n), junk);
        let entries: Entries = Object.entries(values).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, v] as [string, string]],
        );
        for (const [k, v] of Object.entries(broken)) entries = withFirst(entries, k, v);
        if (duplicate) entries.push(...entries.map(([k]) => [k, "dup"] as [string, string]));
        const body = multipart ? toFormData(entries) : new URLSearchParams(entries as [string, string][]);
        const response = await sendInvalid(server, { method: "POST", path, body, headers });
        expect(response.status, breaker.name).toBeGreaterThanOrEqual(400);
      },
    );
  });

  it("answers any form without a 5xx", async () => {
    const arbitrary = fc.record({
      path: at("/signup"),
      body: formBody(
        formEntries({
          firstName: anyString,
          lastName: anyString,
          email: emailish,
          phone: anyString,
          password: anyString,
          confirmPassword: anyString,
        }),
      ),
      headers: extraHeaders(server.baseUrl),
    });
    await check("signup any", arbitrary, 250, async ({ path, body, headers }) => {
      await clearRateLimits(server);
      await send(server, { method: "POST", path, ...body, headers: { ...headers, ...body.headers } });
    });
  });

  it("takes any way back (`next`) without a 5xx, and never sends anyone to another site with it", async () => {
    const arbitrary = fc.record({
      path: at("/signup"),
      next: fc.oneof(anyString, fc.constantFrom(...TRICKY_RETURN_PATHS)),
      n: fc.nat(),
      signedIn: fc.boolean(),
    });
    await check("signup next", arbitrary, 120, async ({ path, next, n, signedIn }) => {
      await clearRateLimits(server);
      const query = `?next=${encode(next).slice(0, 2_000)}`;
      const cookie: Record<string, string> = signedIn ? { cookie: server.cookies.guest } : {};
      const opened = await send(server, {
        method: "GET",
        path: `${path.replace(/\.data$/, "")}${query}`,
        headers: cookie,
      });
      expectOnThisSite(opened.headers.get("location"));
      const body = new URLSearchParams({
        firstName: "Dana",
        lastName: "Levi",
        email: `next-${n}@fuzz.example`,
        phone: "050-1234567",
        password: STRONG,
        confirmPassword: STRONG,
      });
      await send(server, { method: "POST", path: `${path}${query}`, body });
    });
  });

  it("stores hostile but valid names as text, with the e-mail's owner unchanged", async () => {
    // A valid form whose names and phone are hostile strings: accepted or refused with a message.
    const arbitrary = fc.record({ n: fc.nat(), firstName: anyString, lastName: anyString, phone: anyString });
    await check("signup hostile names", arbitrary, 60, async ({ n, firstName, lastName, phone }) => {
      await clearRateLimits(server);
      await send(server, {
        method: "POST",
        path: "/signup",
        body: new URLSearchParams({
          firstName,
          lastName,
          phone,
          email: `hostile-${n}@fuzz.example`,
          password: STRONG,
          confirmPassword: STRONG,
        }),
      });
    });
  });
});

describe("forgot and reset password, verify e-mail", () => {
  it("forgot-password: any form, never a 5xx, nothing stored for unknown addresses", async () => {
    const arbitrary = fc.record({
      path: at("/forgot-password"),
      body: formBody(formEntries({ email: fc.oneof(anyString, fc.emailAddress()) })),
    });
    await check("forgot-password", arbitrary, 200, async ({ path, body }) => {
      await clearRateLimits(server);
      await sendInvalid(server, { method: "POST", path, ...body });
    });
  });

  it("reset-password: a made-up token never changes a password", async () => {
    const password = fc.oneof(anyString, fc.constant(STRONG));
    const arbitrary = fc.record({
      path: at("/reset-password"),
      body: formBody(
        formEntries({
          token: fc.oneof(anyString, fc.base64String({ minLength: 24, maxLength: 32 })),
          password,
          confirmPassword: password,
        }),
      ),
    });
    await check("reset-password", arbitrary, 200, async ({ path, body }) => {
      await sendInvalid(server, { method: "POST", path, ...body });
    });
  });

  it("verify-email: a made-up token verifies nothing; its Continue stays on this site whatever `next` says", async () => {
    const arbitrary = fc.record({
      lang: fc.constantFrom("", "/he"),
      token: fc.oneof(anyString, fc.base64String({ minLength: 24, maxLength: 40 })),
      next: fc.oneof(anyString, fc.constantFrom(...TRICKY_RETURN_PATHS)),
    });
    await check("verify-email", arbitrary, 100, async ({ lang, token, next }) => {
      const response = await sendInvalid(server, {
        method: "GET",
        path: `${lang}/verify-email?token=${encode(token).slice(0, 8_000)}&next=${encode(next).slice(0, 2_000)}`,
      });
      expect(response.status).toBe(200);
      const href =
        /data-testid="verify-continue"[^>]*href="([^"]*)"|href="([^"]*)"[^>]*data-testid="verify-continue"/.exec(
          response.text,
        );
      expect(href, response.text.slice(0, 500)).not.toBeNull();
      const continued = (href![1] ?? href![2] ?? "").replaceAll("&amp;", "&");
      expectOnThisSite(continued);
      const carried = new URL(continued, "https://site.example").searchParams.get("next");
      if (carried !== null) expectOnThisSite(carried);
    });
  });
});

describe("logout", () => {
  it("answers any form and any cookie; without a real session it changes nothing", async () => {
    const arbitrary = fc.record({
      body: formBody(formEntries({ lang: fc.oneof(fc.constantFrom("he", "en"), anyString) })),
      cookie: fc.oneof(
        fc.constant(""),
        fc.stringMatching(/^[A-Za-z0-9._%-]{0,200}$/).map((token) => `better-auth.session_token=${token}`),
        fc.constantFrom(
          "better-auth.session_token=",
          "better-auth.session_token=%00",
          "better-auth.session_token=a.b.c; better-auth.session_token=d",
          "kta_toast=garbage",
        ),
      ),
    });
    await check("logout", arbitrary, 150, async ({ body, cookie }) => {
      const response = await sendInvalid(server, {
        method: "POST",
        path: "/logout",
        ...body,
        headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      });
      expect([302, 400, 403, 404, 405, 413, 415]).toContain(response.status);
    });
  });
});

describe("account", () => {
  const profileBreakers: [string, string | undefined][] = [
    ["firstName", ""],
    ["firstName", "   "],
    ["firstName", undefined],
    ["lastName", ""],
    ["lastName", undefined],
    ["phone", "\t"],
    ["phone", undefined],
  ];

  it("refuses invalid profile and password changes (and junk intents) from every user; nothing changes", async () => {
    const profile = fc
      .record({
        who: fc.constantFrom(...EVERYONE),
        breaker: fc.constantFrom(...profileBreakers),
        values: fc.record({ firstName: anyString, lastName: anyString, phone: anyString }),
      })
      .map(({ who, breaker, values }) => {
        const entries = withFirst(Object.entries({ intent: "profile", ...values }), breaker[0], breaker[1]);
        return { who, entries };
      });
    const password = fc
      .record({
        who: fc.constantFrom(...EVERYONE),
        kind: fc.constantFrom("mismatch", "short", "long", "weak", "wrongCurrent"),
        current: anyString.filter((s) => s !== PASSWORD),
        junk: anyString,
      })
      .map(({ who, kind, current, junk }) => {
        const next = {
          mismatch: STRONG,
          short: junk.slice(0, 5),
          long: `${junk}${"x".repeat(129)}`,
          weak: "qwerty123",
          wrongCurrent: STRONG,
        }[kind];
        const confirm = kind === "mismatch" ? `${STRONG}!` : next;
        const entries: Entries = [
          ["intent", "password"],
          ["currentPassword", current],
          ["password", next],
          ["confirmPassword", confirm],
        ];
        return { who, entries };
      });
    const junkIntent = fc
      .record({
        who: fc.constantFrom(...EVERYONE),
        intent: intents([]).filter((i) => !ACCOUNT_INTENTS.includes(i)),
        values: formEntries({ firstName: anyString, lastName: anyString, phone: anyString }),
      })
      .map(({ who, intent, values }) => ({ who, entries: [["intent", intent], ...values] as Entries }));
    // Anything at all from a visitor: sent to the login page.
    const anonymous = formEntries({
      intent: intents(ACCOUNT_INTENTS),
      firstName: anyString,
      lastName: anyString,
      phone: anyString,
    }).map((entries) => ({
      who: "anonymous" as Who,
      entries,
    }));
    // Two-factor with a wrong password, or a code when no set-up is waiting for one (these
    // accounts have none): refused with a message.
    const twoFactor = fc
      .record({
        who: fc.constantFrom(...EVERYONE.filter((w) => w !== "anonymous")),
        intent: fc.constantFrom("twoFactorSetup", "twoFactorDisable", "twoFactorCodes", "twoFactorConfirm"),
        password: anyString.filter((s) => s !== PASSWORD),
        code: fc.oneof(anyString, fc.stringMatching(/^\d{6}$/)),
      })
      .map(({ who, intent, password, code }) => {
        const entries: Entries = [
          ["intent", intent],
          ["setupPassword", password],
          ["disablePassword", password],
          ["codesPassword", password],
          ["code", code],
        ];
        return { who, entries };
      });
    const arbitrary = fc.record({
      path: at("/account"),
      request: fc.oneof(profile, password, junkIntent, anonymous, twoFactor),
      multipart: fc.boolean(),
    });
    await check("account invalid", arbitrary, 300, async ({ path, request, multipart }) => {
      const body = multipart
        ? toFormData(request.entries)
        : new URLSearchParams(request.entries.map(([k, v]) => [k, typeof v === "string" ? v : ""]));
      const response = await sendInvalid(server, { method: "POST", path, body, headers: cookieOf(request.who) });
      // Visitors are sent to the login page (a 302, or 202 with the redirect for a data request);
      // a form over 1 MB (possible with several huge fields) is refused unread with 413.
      if (request.who === "anonymous") expect([202, 302, 413]).toContain(response.status);
      else expect(response.status).toBeGreaterThanOrEqual(400);
    });
  });

  it("answers any form from every user without a 5xx", async () => {
    // Profile updates with hostile (but present) values are valid: they may be stored, as text.
    const arbitrary = fc.record({
      who: fc.constantFrom(...SIGNED_IN),
      path: at("/account"),
      body: formBody(
        formEntries({
          intent: intents([
            "profile",
            "password",
            "twoFactorSetup",
            "twoFactorConfirm",
            "twoFactorDisable",
            "twoFactorCodes",
          ]),
          firstName: anyString,
          lastName: anyString,
          phone: anyString,
          currentPassword: anyString,
          password: anyString,
          confirmPassword: anyString,
          setupPassword: anyString,
          disablePassword: anyString,
          codesPassword: anyString,
          code: anyString,
        }),
      ),
    });
    await check("account any", arbitrary, 250, async ({ who, path, body }) => {
      await send(server, { method: "POST", path, ...body, headers: { ...body.headers, ...cookieOf(who) } });
    });
  });
});

function toFormData(entries: Entries): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}

/** A redirect's target or a link, when there is one, is a path of this site (never "//host" or "/\\host"). */
function expectOnThisSite(target: string | null): void {
  if (target === null) return;
  expect(target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\"), target).toBe(true);
  expect(new URL(target, "https://site.example").origin, target).toBe("https://site.example");
}
