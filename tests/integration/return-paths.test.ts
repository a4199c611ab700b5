// Every place that sends a person back to a return path (the login page's `next`, signed in or
// after the password; the Save form's way back) is given the tricky paths an attacker would
// send: whatever comes back as a redirect is a path of this site, never another site or a script.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { action as savedAction } from "../../app/routes/saved";
import type { AppServices } from "../../app/lib/context";
import { insertRestaurant } from "../../database/factories";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";
import { TRICKY_RETURN_PATHS } from "../setup/tricky-return-paths";

let database: TestDatabase;
let services: AppServices;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
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
  expect(target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\"), `${JSON.stringify(input)} -> ${target}`).toBe(true);
  expect(new URL(target, SITE).origin, `${JSON.stringify(input)} -> ${target}`).toBe(SITE);
}

describe("a return path an attacker sends", () => {
  it("is never followed off the site by the login page of a signed-in user", async () => {
    for (const next of TRICKY_RETURN_PATHS) {
      for (const login of ["/login", "/he/login"]) {
        const answer = await callRoute(loginLoader, services, `${login}?next=${encodeURIComponent(next)}`, { cookie: user.cookie });
        expect(answer.status, next).toBe(302);
        expectOnSite(answer.location, next);
      }
    }
    // The dot-segment trick falls back to the dashboard.
    const dotted = await callRoute(loginLoader, services, `/he/login?next=${encodeURIComponent("/.//evil.example")}`, { cookie: user.cookie });
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
    const dotted = await callRoute(loginAction, { ...services, clientIp: "10.1.0.1" }, `/he/login?next=${encodeURIComponent("/..//evil.example")}`, { form });
    expect(dotted.location).toBe("/he");
  });

  it("is never followed off the site by the Save form, signed in or sent to log in", async () => {
    for (const next of TRICKY_RETURN_PATHS) {
      const signedIn = await callRoute(savedAction, services, "/he/saved", { form: { intent: "add", slug: "sushi-two", next }, cookie: user.cookie });
      expect(signedIn.status, next).toBe(302);
      expectOnSite(signedIn.location, next);
      const visitor = await callRoute(savedAction, services, "/he/saved", { form: { intent: "add", slug: "sushi-two", next } });
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
