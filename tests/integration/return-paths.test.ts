// Every place that sends a person back to a return path (the login page's `next`, signed in or
// after the password; the Save form's way back) is given the tricky paths an attacker would
// send: whatever comes back as a redirect is a path of this site, never another site or a script.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { action as savedAction } from "../../app/routes/saved";
import { action as signupAction, loader as signupLoader } from "../../app/routes/signup";
import { loader as verifyLoader } from "../../app/routes/verify-email";
import type { EmailContent } from "../../app/lib/emails";
import type { AppServices } from "../../app/lib/context";
import { insertRestaurant } from "../../database/factories";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices, createTestAuth } from "../setup/services";
import { TRICKY_RETURN_PATHS } from "../setup/tricky-return-paths";

let database: TestDatabase;
let services: AppServices;
let user: Awaited<ReturnType<typeof signedInUser>>;
/** The e-mails sent, by address. */
const mails = new Map<string, EmailContent>();

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  services = { ...services, auth: createTestAuth(database.db, async (to, content) => void mails.set(to, content)) };
  user = await signedInUser(services, { email: "returning@return-paths.example", role: "guest" });
  await insertRestaurant(database.db, { slug: "sushi-two" });
});
afterAll(async () => {
  await database?.destroy();
});

const SITE = "https://site.example";

/** The redirect's target as a browser on this site would follow it. */
function expectOnSite(location: string | null | undefined, input: string): void {
  expect(location, JSON.stringify(input)).toBeTruthy();
  const target = location!;
  expect(
    target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\"),
    `${JSON.stringify(input)} -> ${target}`,
  ).toBe(true);
  expect(new URL(target, SITE).origin, `${JSON.stringify(input)} -> ${target}`).toBe(SITE);
}

describe("a return path an attacker sends", () => {
  it("is never followed off the site by the login page of a signed-in user", async () => {
    for (const next of TRICKY_RETURN_PATHS) {
      for (const login of ["/login", "/he/login"]) {
        const answer = await callRoute(loginLoader, services, `${login}?next=${encodeURIComponent(next)}`, {
          cookie: user.cookie,
        });
        expect(answer.status, next).toBe(302);
        expectOnSite(answer.location, next);
      }
    }
    // The dot-segment trick falls back to the dashboard.
    const dotted = await callRoute(loginLoader, services, `/he/login?next=${encodeURIComponent("/.//evil.example")}`, {
      cookie: user.cookie,
    });
    expect(dotted.location).toBe("/he/dashboard");
  });

  it("is never followed off the site after the password", async () => {
    const form = { email: user.email, password: user.password };
    // Each attempt from its own address, so the sign-in rate limit stays out of the way.
    for (const [index, next] of TRICKY_RETURN_PATHS.entries()) {
      const from = { ...services, clientIp: `10.0.${index}.1` };
      const answer = await callRoute(loginAction, from, `/he/login?next=${encodeURIComponent(next)}`, { form });
      expect(answer.status, next).toBe(302);
      expectOnSite(answer.location, next);
    }
    const dotted = await callRoute(
      loginAction,
      { ...services, clientIp: "10.1.0.1" },
      `/he/login?next=${encodeURIComponent("/..//evil.example")}`,
      { form },
    );
    expect(dotted.location).toBe("/he");
  });

  it("is never followed off the site by the Save form, signed in or sent to log in", async () => {
    for (const next of TRICKY_RETURN_PATHS) {
      const signedIn = await callRoute(savedAction, services, "/he/saved", {
        form: { intent: "add", slug: "sushi-two", next },
        cookie: user.cookie,
      });
      expect(signedIn.status, next).toBe(302);
      expectOnSite(signedIn.location, next);
      const visitor = await callRoute(savedAction, services, "/he/saved", {
        form: { intent: "add", slug: "sushi-two", next },
      });
      expectOnSite(visitor.location, next);
      // The login page it sends a visitor to carries only a cleaned path back.
      const carried = new URL(visitor.location!, SITE).searchParams.get("next");
      expectOnSite(carried, next);
    }
    const dotted = await callRoute(savedAction, services, "/he/saved", {
      form: { intent: "add", slug: "sushi-two", next: "/.//evil.example" },
      cookie: user.cookie,
    });
    expect(dotted.location).toBe("/he/saved");
  });
});

const signupForm = (email: string) => ({
  firstName: "Noa",
  lastName: "Levi",
  email,
  phone: "050-1234567",
  password: "a-long-Password-42",
  confirmPassword: "a-long-Password-42",
});

/** Signs up (each from its own address, past the sign-up rate limit) and gives the verification e-mail's link. */
async function signUpAndReadLink(signupUrl: string, email: string, ip: string): Promise<URL> {
  const answer = await callRoute(signupAction, { ...services, clientIp: ip }, signupUrl, { form: signupForm(email) });
  expect(answer.data, signupUrl).toEqual({ ok: true });
  await expect.poll(() => mails.has(email)).toBe(true);
  const link = /https?:\/\/\S*\/verify-email\?\S+/.exec(mails.get(email)!.text)?.[0];
  expect(link, mails.get(email)!.text).toBeTruthy();
  return new URL(link!);
}

describe("the way back through sign-up and the verification e-mail", () => {
  it("leads a signed-in user opening sign-up to the return path, cleaned", async () => {
    const back = await callRoute(
      signupLoader,
      services,
      `/he/signup?next=${encodeURIComponent("/he/restaurant/x/claim")}`,
      { cookie: user.cookie },
    );
    expect(back.location).toBe("/he/restaurant/x/claim");
    for (const next of TRICKY_RETURN_PATHS) {
      const answer = await callRoute(signupLoader, services, `/he/signup?next=${encodeURIComponent(next)}`, {
        cookie: user.cookie,
      });
      expectOnSite(answer.location, next);
    }
  });

  it("puts the return path in the e-mail's link, in its language; without one the link leads home", async () => {
    const link = await signUpAndReadLink(
      `/he/signup?next=${encodeURIComponent("/he/restaurant/x/claim")}`,
      "claimant@return-paths.example",
      "10.2.0.1",
    );
    expect(link.pathname).toBe("/he/verify-email");
    expect(link.searchParams.get("next")).toBe("/he/restaurant/x/claim");
    expect(link.searchParams.get("token")).toBeTruthy();
    const plain = await signUpAndReadLink("/he/signup", "plain@return-paths.example", "10.2.0.2");
    expect(plain.pathname).toBe("/he/verify-email");
    expect(plain.searchParams.get("next")).toBe("/he");
  });

  it("never puts another site in the e-mail's link", async () => {
    for (const [index, next] of TRICKY_RETURN_PATHS.entries()) {
      const email = `tricky-${index}@return-paths.example`;
      const link = await signUpAndReadLink(`/signup?next=${encodeURIComponent(next)}`, email, `10.3.${index}.1`);
      expect(link.origin, next).toBe("http://127.0.0.1");
      expectOnSite(link.searchParams.get("next"), next);
    }
  });

  it("offers Continue on the verified page: through log-in with the return path, or straight there when signed in", async () => {
    const link = await signUpAndReadLink(
      `/signup?next=${encodeURIComponent("/en/restaurant/x/claim")}`,
      "verifier@return-paths.example",
      "10.4.0.1",
    );
    const verified = await callRoute(verifyLoader, services, link.pathname + link.search);
    expect(verified.data).toEqual({
      verified: true,
      next: `/login?next=${encodeURIComponent("/en/restaurant/x/claim")}`,
    });
    const signedIn = await callRoute(
      verifyLoader,
      services,
      `/he/verify-email?token=x&next=${encodeURIComponent("/he/restaurant/x/claim")}`,
      {
        cookie: user.cookie,
      },
    );
    expect(signedIn.data).toEqual({ verified: false, next: "/he/restaurant/x/claim" });
    expect((await callRoute(verifyLoader, services, "/he/verify-email?token=x")).data).toEqual({
      verified: false,
      next: "/he/login?next=%2Fhe",
    });
    for (const next of TRICKY_RETURN_PATHS) {
      for (const cookie of [undefined, user.cookie]) {
        const answer = await callRoute(
          verifyLoader,
          services,
          `/verify-email?token=x&next=${encodeURIComponent(next)}`,
          cookie ? { cookie } : {},
        );
        const continued = (answer.data as { next: string }).next;
        expectOnSite(continued, next);
        const carried = new URL(continued, SITE).searchParams.get("next");
        if (carried !== null) expectOnSite(carried, next);
      }
    }
  });
});
