// Problem reports, through the routes as the server runs them: filing one with and
// without JavaScript, every abuse guard (each refusal has a message and stores nothing), the
// e-mails (at most one per restaurant per hour, with a digest line), the queue's permission matrix
// (a refused action changes nothing) and its one-click changes through the normal change path.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendReportNotices, REPORT_LIMITS } from "../../app/features/reports/reports.server";
import type { AppServices } from "../../app/lib/context";
import type { EmailContent } from "../../app/lib/emails";
import { telAvivDay } from "../../app/lib/dates";
import { loader as layoutLoader } from "../../app/routes/dashboard/layout";
import { action as queueAction, loader as queueLoader } from "../../app/routes/dashboard/reports";
import { action as reportAction, loader as reportLoader } from "../../app/routes/report";
import { insertRestaurant } from "../../database/factories";
import { rateLimits } from "../../database/schema/people";
import { reportEvents, reports } from "../../database/schema/reports";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser, type RouteOutcome } from "../setup/routes";
import { createServices } from "../setup/services";

type Who = "visitor" | "guest" | "ownerUnlinked" | "ownerLinked" | "admin";
const EVERYONE: Who[] = ["visitor", "guest", "ownerUnlinked", "ownerLinked", "admin"];

let database: TestDatabase;
let services: AppServices;
const cookies: Partial<Record<Who, string>> = {};
const emails: Partial<Record<Who, string>> = {};
const ids: Record<string, string> = {};
let outbox: { to: string; content: EmailContent }[] = [];

async function makeUser(who: Exclude<Who, "visitor">, role: "guest" | "owner" | "admin") {
  const user = await signedInUser(services, { email: `${who.toLowerCase()}@reports.example`, role, firstName: who });
  cookies[who] = user.cookie;
  emails[who] = user.email;
  ids[who] = user.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, {
    sendEmail: async (to, content) => void outbox.push({ to, content }),
  });
  await makeUser("guest", "guest");
  await makeUser("ownerUnlinked", "owner");
  await makeUser("ownerLinked", "owner");
  await makeUser("admin", "admin");
});
beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(rateLimits);
  await database.db.delete(restaurantChanges);
  outbox = [];
  const restaurant = await insertRestaurant(database.db, {
    slug: "report-place",
    name_en: "Report Place",
    name_he: "מקום הדיווח",
    last_verified: null,
  });
  const other = await insertRestaurant(database.db, { slug: "other-place", name_en: "Other Place" });
  ids.restaurant = restaurant.id;
  ids.other = other.id;
  await database.db.insert(restaurantOwners).values({ restaurant_id: restaurant.id, user_id: ids.ownerLinked! });
});
afterAll(async () => {
  await database?.destroy();
});

const as = (who: Who) => (who === "visitor" ? {} : { cookie: cookies[who]! });
const stored = () => database.db.select().from(reports);

function file(
  form: Record<string, string>,
  options: { slug?: string; language?: "en" | "he"; ip?: string } = {},
): Promise<RouteOutcome> {
  const slug = options.slug ?? "report-place";
  const withIp = options.ip ? { ...services, clientIp: options.ip } : services;
  return callRoute(reportAction, withIp, `/${options.language ?? "en"}/restaurant/${slug}/report`, {
    form: { mode: "basic", ...form },
    params: { slug },
  });
}

/** A real proof-of-work: a challenge from the server, solved as the browser does. */
async function proof(): Promise<string> {
  const challenge = await services.proofOfWork.challenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return JSON.stringify({ challenge, solution });
}

const errorOf = (outcome: RouteOutcome) => (outcome.data as { error?: string }).error;

describe("filing a report", () => {
  it("without JavaScript: stored as sent, marked as having no proof-of-work, thanked", async () => {
    const outcome = await file({
      reason: "hours",
      note: "  Closes at 22:00 now, not 23:00\r\nsince October  ",
      email: "diner@example.com",
    });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toEqual({ ok: true });
    const [row] = await stored();
    expect(row).toMatchObject({
      restaurant_id: ids.restaurant,
      reason: "hours",
      note: "Closes at 22:00 now, not 23:00\nsince October",
      email: "diner@example.com",
      proof_of_work: false,
      status: "open",
    });
  });

  it("with JavaScript: the proof-of-work is checked and the report marked as carrying one (Hebrew page too)", async () => {
    const outcome = await file(
      { mode: "pow", pow: await proof(), reason: "shabbat", note: "", email: "" },
      { language: "he" },
    );
    expect(outcome.data).toEqual({ ok: true });
    const [row] = await stored();
    expect(row).toMatchObject({ reason: "shabbat", note: "", email: null, proof_of_work: true });
  });

  it("stores a note's markup as text", async () => {
    await file({ reason: "other", note: `<script>alert("x")</script> & <b>bold</b>` });
    expect((await stored())[0]?.note).toBe(`<script>alert("x")</script> & <b>bold</b>`);
  });

  it("the report page shows the restaurant's name, and an unknown one sends the visitor home", async () => {
    const found = await callRoute(reportLoader, services, "/he/restaurant/report-place/report", {
      params: { slug: "report-place" },
    });
    expect(found.data).toMatchObject({ slug: "report-place", name: { en: "Report Place", he: "מקום הדיווח" } });
    const missing = await callRoute(reportLoader, services, "/he/restaurant/nope/report", { params: { slug: "nope" } });
    expect(missing.location).toBe("/he");
  });
});

describe("abuse guards: refused with a message, nothing stored", () => {
  const cases: [string, () => Promise<Record<string, string>>, string][] = [
    ["a filled honeypot", async () => ({ reason: "hours", website: "http://spam.example" }), "report.refused"],
    ["a missing proof-of-work", async () => ({ mode: "pow", pow: "", reason: "hours" }), "report.proofFailed"],
    [
      "a proof-of-work that is not JSON",
      async () => ({ mode: "pow", pow: "{nope", reason: "hours" }),
      "report.proofFailed",
    ],
    [
      "a wrong solution",
      async () => {
        const payload = JSON.parse(await proof()) as { solution: { derivedKey: string } };
        const key = payload.solution.derivedKey;
        payload.solution.derivedKey = (key[0] === "0" ? "1" : "0") + key.slice(1);
        return { mode: "pow", pow: JSON.stringify(payload), reason: "hours" };
      },
      "report.proofFailed",
    ],
    [
      "a tampered challenge (made easier)",
      async () => {
        const payload = JSON.parse(await proof()) as { challenge: { parameters: { cost: number } } };
        payload.challenge.parameters.cost = 1;
        return { mode: "pow", pow: JSON.stringify(payload), reason: "hours" };
      },
      "report.proofFailed",
    ],
    [
      "a challenge from another server (another secret)",
      async () => {
        const { createProofOfWork } = await import("../../app/lib/proof-of-work.server");
        const challenge = await createProofOfWork({ secret: "another-secret-another-secret-0123456" }).challenge();
        return {
          mode: "pow",
          pow: JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) }),
          reason: "hours",
        };
      },
      "report.proofFailed",
    ],
  ];
  it.each(cases)("%s", async (_label, form, message) => {
    const outcome = await file(await form());
    expect(outcome.status).toBe(400);
    expect(errorOf(outcome)).toBe(message);
    expect(await stored()).toEqual([]);
  });

  it("a proof-of-work used twice: the second report is refused", async () => {
    const pow = await proof();
    expect((await file({ mode: "pow", pow, reason: "hours" })).data).toEqual({ ok: true });
    const again = await file({ mode: "pow", pow, reason: "kashrut" });
    expect(errorOf(again)).toBe("report.proofFailed");
    expect((await stored()).map((row) => row.reason)).toEqual(["hours"]);
  });

  const invalid: [string, Record<string, string>, string, string][] = [
    ["no reason", { note: "x" }, "reason", "report.reasonRequired"],
    ["an unknown reason", { reason: "spam" }, "reason", "report.reasonRequired"],
    ["a note over 1,000 characters", { reason: "other", note: "n".repeat(1_001) }, "note", "report.noteTooLong"],
    ["a note with a control character", { reason: "other", note: "a\u0000b" }, "note", "error.invalidCharacters"],
    ["a wrong e-mail", { reason: "other", email: "not-an-address" }, "email", "error.invalidEmail"],
  ];
  it.each(invalid)("%s: the field says why", async (_label, form, field, message) => {
    const outcome = await file(form);
    expect(outcome.status).toBe(400);
    expect((outcome.data as { errors: Record<string, string> }).errors[field]).toBe(message);
    expect(await stored()).toEqual([]);
  });

  it("a note of exactly 1,000 characters is taken", async () => {
    expect((await file({ reason: "other", note: "n".repeat(1_000) })).data).toEqual({ ok: true });
  });

  it("without JavaScript, the stricter limit per address: refused with the wait, nothing more stored", async () => {
    for (let i = 0; i < REPORT_LIMITS.basicPerIp.max; i++) expect((await file({ reason: "hours" })).status).toBe(200);
    const over = await file({ reason: "hours" });
    expect(over.status).toBe(429);
    expect(errorOf(over)).toBe("error.rateLimited");
    expect((await stored()).length).toBe(REPORT_LIMITS.basicPerIp.max);
    // With a proof-of-work the same address may still report (the general limit is higher).
    expect((await file({ mode: "pow", pow: await proof(), reason: "hours" })).status).toBe(200);
  });

  it("with a proof-of-work, the limit per address", async () => {
    for (let i = 0; i < REPORT_LIMITS.perIp.max; i++)
      expect((await file({ mode: "pow", pow: await proof(), reason: "hours" })).status).toBe(200);
    const over = await file({ mode: "pow", pow: await proof(), reason: "hours" });
    expect(over.status).toBe(429);
    expect((await stored()).length).toBe(REPORT_LIMITS.perIp.max);
  });

  it("the limit per restaurant, whatever the address; another restaurant is not affected", async () => {
    for (let i = 0; i < REPORT_LIMITS.basicPerRestaurant.max; i++)
      expect((await file({ reason: "hours" }, { ip: `10.0.0.${i}` })).status).toBe(200);
    const over = await file({ reason: "hours" }, { ip: "10.0.1.1" });
    expect(over.status).toBe(429);
    expect((await file({ reason: "hours" }, { ip: "10.0.1.2", slug: "other-place" })).status).toBe(200);
    expect((await stored()).length).toBe(REPORT_LIMITS.basicPerRestaurant.max + 1);
  });

  it("refused attempts never spend the restaurant's quota: one address cannot silence it for a genuine visitor", async () => {
    // Scripted requests from one address without proof-of-work: all but the first few are refused.
    for (let i = 0; i < REPORT_LIMITS.perRestaurant.max + 5; i++)
      await file({ reason: "hours" }, { ip: "203.0.113.9" });
    expect((await stored()).length).toBe(REPORT_LIMITS.basicPerIp.max);
    // A visitor elsewhere, with a valid proof-of-work, is still heard.
    expect((await file({ mode: "pow", pow: await proof(), reason: "hours" }, { ip: "198.51.100.7" })).data).toEqual({
      ok: true,
    });
    // Only the accepted reports were counted against the restaurant.
    const [quota] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `report:restaurant:${ids.restaurant}`));
    expect(quota?.count).toBe(REPORT_LIMITS.basicPerIp.max + 1);
  });

  it("a restaurant that is gone: a message, nothing stored", async () => {
    const outcome = await file({ reason: "hours" }, { slug: "gone-place" });
    expect(outcome.status).toBe(404);
    expect(errorOf(outcome)).toBe("report.restaurantGone");
    expect(await stored()).toEqual([]);
  });
});

describe("the e-mails", () => {
  const notices = (now: Date) =>
    sendReportNotices(database.db, { sendEmail: services.sendEmail, publicUrl: "http://127.0.0.1", now });

  it("tell the admins and the linked owners, at most once an hour per restaurant, with a digest line", async () => {
    const start = new Date();
    await file({ reason: "closed", note: "Shutters down <b>for good</b>" });
    expect(await notices(start)).toBe(1);
    expect(outbox.map((mail) => mail.to).sort()).toEqual([emails.admin, emails.ownerLinked].sort());
    const [first] = outbox;
    expect(first!.content.subject).toContain("Report Place");
    expect(first!.content.subject).toContain("מקום הדיווח");
    expect(first!.content.text).toContain("Closed permanently");
    expect(first!.content.text).toContain("נסגרה לצמיתות");
    expect(first!.content.html).toContain("Shutters down &lt;b&gt;for good&lt;/b&gt;");
    expect(first!.content.html).not.toContain("<b>for good");

    // Two more within the hour: nothing now.
    outbox = [];
    await file({ reason: "hours" }, { ip: "10.0.0.1" });
    await file({ reason: "kashrut" }, { ip: "10.0.0.2" });
    await database.db
      .update(reports)
      .set({ created_at: new Date(start.getTime() + 60_000) })
      .where(eq(reports.reason, "hours"));
    await database.db
      .update(reports)
      .set({ created_at: new Date(start.getTime() + 120_000) })
      .where(eq(reports.reason, "kashrut"));
    expect(await notices(new Date(start.getTime() + 30 * 60_000))).toBe(0);
    expect(outbox).toEqual([]);
    // When the hour is up: one e-mail, the newest report and a line for the other.
    expect(await notices(new Date(start.getTime() + 61 * 60_000))).toBe(1);
    expect(outbox.length).toBe(2);
    expect(outbox[0]!.content.text).toContain("Kashrut changed or expired");
    expect(outbox[0]!.content.text).toContain("1 more report on this restaurant arrived since.");
    expect(outbox[0]!.content.text).toContain("עוד דיווח אחד");
    // Nothing left to tell.
    outbox = [];
    expect(await notices(new Date(start.getTime() + 3 * 60 * 60_000))).toBe(0);
  });

  it("a report reads as told only once its e-mails are out; one filed while they go out waits for the next", async () => {
    const start = new Date();
    await file({ reason: "closed" });
    const untoldWhileSending: boolean[] = [];
    const sent = await sendReportNotices(database.db, {
      publicUrl: "http://127.0.0.1",
      now: start,
      sendEmail: async () => {
        const rows = await database.db.select({ notifiedAt: reports.notified_at }).from(reports);
        untoldWhileSending.push(rows.every((row) => row.notifiedAt === null));
        if (untoldWhileSending.length === 1) await file({ reason: "hours" }, { ip: "10.0.0.3" });
      },
    });
    expect(sent).toBe(1);
    // Both recipients were written to before the report was marked told.
    expect(untoldWhileSending).toEqual([true, true]);
    const rows = await database.db
      .select({ reason: reports.reason, notifiedAt: reports.notified_at })
      .from(reports)
      .orderBy(reports.created_at);
    expect(rows.map((row) => [row.reason, row.notifiedAt?.getTime() ?? null])).toEqual([
      ["closed", start.getTime()],
      ["hours", null],
    ]);
  });

  it("filing a report tells the server, which sends its e-mail without waiting for the timer", async () => {
    let told = 0;
    const outcome = await callRoute(
      reportAction,
      { ...services, reportFiled: () => void told++ },
      "/en/restaurant/report-place/report",
      {
        form: { reason: "closed" },
        params: { slug: "report-place" },
      },
    );
    expect(outcome.data).toEqual({ ok: true });
    expect(told).toBe(1);
    // A refused report does not.
    await callRoute(
      reportAction,
      { ...services, reportFiled: () => void told++ },
      "/en/restaurant/report-place/report",
      {
        form: { reason: "" },
        params: { slug: "report-place" },
      },
    );
    expect(told).toBe(1);
  });
});

// A report on the linked owner's restaurant and one on another restaurant, both open.
async function twoReports() {
  const [mine] = await database.db
    .insert(reports)
    .values({
      restaurant_id: ids.restaurant!,
      reason: "closed",
      note: "Looks closed",
      email: "diner@example.com",
      proof_of_work: true,
      notified_at: new Date(),
    })
    .returning();
  const [theirs] = await database.db
    .insert(reports)
    .values({ restaurant_id: ids.other!, reason: "hours", proof_of_work: false, notified_at: new Date() })
    .returning();
  return { mine: mine!, theirs: theirs! };
}

type Verdict = "ok" | "login" | "home" | "forbidden";
function verdict(outcome: RouteOutcome): Verdict {
  if (outcome.location === "/login" || outcome.location === "/he/login") return "login";
  if (outcome.location === "/" || outcome.location === "/he") return "home";
  if (outcome.status === 403) return "forbidden";
  return outcome.status < 400 ? "ok" : "forbidden";
}

describe("the queue: who sees what", () => {
  it("visitors log in, guests go home; owners see only their restaurants' reports (no reporter address); admins see all", async () => {
    const { mine } = await twoReports();
    const expected: Record<Who, Verdict> = {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "ok",
      ownerLinked: "ok",
      admin: "ok",
    };
    const seen: Partial<Record<Who, { id: string; email: string | null }[]>> = {};
    for (const who of EVERYONE) {
      const outcome = await callRoute(queueLoader, services, "/he/dashboard/reports", as(who));
      expect(verdict(outcome), who).toBe(expected[who]);
      if (verdict(outcome) === "ok")
        seen[who] = (outcome.data as { reports: { id: string; email: string | null }[] }).reports;
    }
    expect(seen.ownerUnlinked).toEqual([]);
    expect(seen.ownerLinked!.map((r) => [r.id, r.email])).toEqual([[mine.id, null]]);
    expect(seen.admin!.length).toBe(2);
    expect(seen.admin!.find((r) => r.id === mine.id)?.email).toBe("diner@example.com");
  });

  it("owners read the report and what became of it, never the admins' addresses, their notes or the anti-spam marks", async () => {
    const { mine } = await twoReports();
    const resolved = await callRoute(queueAction, services, "/dashboard/reports", {
      ...as("admin"),
      form: { intent: "resolve", reportId: mine.id, note: "Internal: called the owner twice" },
    });
    expect(resolved.status).toBeLessThan(400);
    const load = async (who: Who) =>
      (
        (await callRoute(queueLoader, services, "/dashboard/reports?status=all", as(who))).data as {
          reports: Record<string, unknown>[];
        }
      ).reports.find((r) => r.id === mine.id)!;
    const owner = await load("ownerLinked");
    expect(owner).toMatchObject({ reason: "closed", note: "Looks closed", status: "resolved", email: null });
    expect(owner.proofOfWork).toBeUndefined();
    expect(owner.events).toEqual([{ status: "resolved", createdAt: expect.any(String) }]);
    expect(JSON.stringify(owner)).not.toMatch(/admin@reports\.example|Internal|diner@example\.com/);
    const admin = await load("admin");
    expect(admin).toMatchObject({ email: "diner@example.com", proofOfWork: true });
    expect(admin.events).toEqual([
      {
        status: "resolved",
        note: "Internal: called the owner twice",
        actorEmail: "admin@reports.example",
        createdAt: expect.any(String),
      },
    ]);
  });

  it("the navigation's open count follows the same rule", async () => {
    await twoReports();
    const counts: Partial<Record<Who, number>> = {};
    for (const who of ["ownerUnlinked", "ownerLinked", "admin"] as const) {
      counts[who] = (
        (await callRoute(layoutLoader, services, "/dashboard", as(who))).data as { openReports: number }
      ).openReports;
    }
    expect(counts).toEqual({ ownerUnlinked: 0, ownerLinked: 1, admin: 2 });
  });

  it("filters by status and reason, newest first, 50 to a page", async () => {
    const base = Date.now();
    await database.db.insert(reports).values(
      Array.from({ length: 55 }, (_, i) => ({
        restaurant_id: ids.restaurant!,
        reason: i % 2 === 0 ? ("hours" as const) : ("kashrut" as const),
        note: `n${i}`,
        proof_of_work: true,
        status: i < 52 ? ("open" as const) : ("dismissed" as const),
        created_at: new Date(base - i * 60_000),
      })),
    );
    const load = async (query: string) =>
      (await callRoute(queueLoader, services, `/dashboard/reports${query}`, as("admin"))).data as {
        reports: { note: string }[];
        total: number;
        pages: number;
        page: number;
      };
    const open = await load("");
    expect([open.total, open.pages, open.reports.length]).toEqual([52, 2, 50]);
    expect(open.reports[0]!.note).toBe("n0");
    expect((await load("?page=2")).reports.map((r) => r.note)).toEqual(["n50", "n51"]);
    expect((await load("?status=all")).total).toBe(55);
    expect((await load("?status=dismissed")).reports.map((r) => r.note)).toEqual(["n52", "n53", "n54"]);
    expect((await load("?status=open&reason=kashrut")).total).toBe(26);
    // Nonsense in the query is ignored, not an error.
    expect((await load("?status=%00&reason=x&page=-3")).total).toBe(55);
  });
});

describe("the queue: acting on a report (admins only; a refused action changes nothing)", () => {
  const act = (who: Who, form: Record<string, string>, path = "/dashboard/reports") =>
    callRoute(queueAction, services, path, { ...as(who), form });
  const reportRow = async (id: string) => (await database.db.select().from(reports).where(eq(reports.id, id)))[0]!;
  const restaurantRow = async () =>
    (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]!;

  for (const intent of ["resolve", "dismiss", "markClosed", "verifyToday"]) {
    it(`${intent}: refused for visitor, guest and owners`, async () => {
      const { mine } = await twoReports();
      const expected: Record<Exclude<Who, "admin">, Verdict> = {
        visitor: "login",
        guest: "forbidden",
        ownerUnlinked: "forbidden",
        ownerLinked: "forbidden",
      };
      for (const who of Object.keys(expected) as Exclude<Who, "admin">[]) {
        expect(verdict(await act(who, { intent, reportId: mine.id, note: "no" })), who).toBe(expected[who]);
      }
      expect((await reportRow(mine.id)).status).toBe("open");
      expect(await database.db.select().from(reportEvents)).toEqual([]);
      expect(await restaurantRow()).toMatchObject({ is_permanently_closed: false, last_verified: null });
      expect(outbox).toEqual([]);
    });
  }

  it("resolve: recorded with who and when and the note; the reporter gets a bilingual reply", async () => {
    const { mine } = await twoReports();
    const outcome = await act(
      "admin",
      { intent: "resolve", reportId: mine.id, note: "Called them: closed." },
      "/he/dashboard/reports",
    );
    expect(outcome.status).toBe(302);
    expect((await reportRow(mine.id)).status).toBe("resolved");
    const [event] = await database.db.select().from(reportEvents);
    expect(event).toMatchObject({
      report_id: mine.id,
      status: "resolved",
      note: "Called them: closed.",
      actor_id: ids.admin,
      actor_email: emails.admin,
    });
    expect(Date.now() - event!.created_at.getTime()).toBeLessThan(60_000);
    expect(outbox.map((mail) => mail.to)).toEqual(["diner@example.com"]);
    expect(outbox[0]!.content.text).toContain("We looked into it and updated the listing.");
    expect(outbox[0]!.content.text).toContain("בדקנו ועדכנו");
    expect(outbox[0]!.content.text).toContain("http://127.0.0.1/he/restaurant/report-place");
    // Already handled: a conflict, with a message; nothing recorded twice.
    const again = await act("admin", { intent: "dismiss", reportId: mine.id });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toBe("reports.alreadyClosed");
    expect((await database.db.select().from(reportEvents)).length).toBe(1);
  });

  it("dismiss: no reply without an address", async () => {
    const { theirs } = await twoReports();
    await act("admin", { intent: "dismiss", reportId: theirs.id });
    expect((await reportRow(theirs.id)).status).toBe("dismissed");
    expect(outbox).toEqual([]);
  });

  it("close the restaurant: without the confirmation nothing changes and the page asks to confirm", async () => {
    const { mine, theirs } = await twoReports();
    const outcome = await act("admin", { intent: "markClosed", reportId: mine.id, note: "Phoned: shut for good." });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({ confirmClose: { reportId: mine.id, note: "Phoned: shut for good." } });
    expect((await restaurantRow()).is_permanently_closed).toBe(false);
    expect((await reportRow(mine.id)).status).toBe("open");
    expect(await database.db.select().from(reportEvents)).toEqual([]);
    // A confirmation that is not the word the form sends is no confirmation.
    expect((await act("admin", { intent: "markClosed", reportId: mine.id, confirm: "yes please" })).status).toBe(200);
    expect((await restaurantRow()).is_permanently_closed).toBe(false);
    // A report already handled is refused before any confirmation is asked for.
    await act("admin", { intent: "dismiss", reportId: theirs.id });
    const late = await act("admin", { intent: "markClosed", reportId: theirs.id });
    expect(late.status).toBe(409);
    expect(errorOf(late)).toBe("reports.alreadyClosed");
  });

  it("close the restaurant, confirmed: it closes through the normal change path (history) and the report is resolved", async () => {
    const { mine } = await twoReports();
    expect((await act("admin", { intent: "markClosed", reportId: mine.id, confirm: "close" })).status).toBe(302);
    expect((await restaurantRow()).is_permanently_closed).toBe(true);
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, ids.restaurant!));
    expect(change).toMatchObject({
      action: "update",
      actor_email: emails.admin,
      changes: { is_permanently_closed: { old: false, new: true } },
    });
    expect((await reportRow(mine.id)).status).toBe("resolved");
  });

  it("set verification date to today: through the normal change path, and the report is resolved", async () => {
    const { mine } = await twoReports();
    expect((await act("admin", { intent: "verifyToday", reportId: mine.id })).status).toBe(302);
    expect((await restaurantRow()).last_verified).toBe(telAvivDay(new Date()));
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, ids.restaurant!));
    expect(change).toMatchObject({ action: "verify", actor_email: emails.admin });
    expect((await reportRow(mine.id)).status).toBe("resolved");
  });

  it("bad input gets a message and changes nothing", async () => {
    const { mine } = await twoReports();
    const forms: Record<string, string>[] = [
      { intent: "resolve", reportId: mine.id, note: "x".repeat(1_001) },
      { intent: "resolve", reportId: mine.id, note: "a\u0000" },
      { intent: "resolve", reportId: "not-a-uuid" },
      { intent: "explode", reportId: mine.id },
      { intent: "markClosed", reportId: mine.id, note: "x".repeat(1_001) },
    ];
    for (const form of forms) {
      const outcome = await act("admin", form);
      expect(outcome.status, JSON.stringify(form).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(outcome.status).toBeLessThan(500);
      expect(errorOf(outcome)).toBeTruthy();
    }
    expect((await reportRow(mine.id)).status).toBe("open");
    expect(await database.db.select().from(reportEvents)).toEqual([]);
    expect((await restaurantRow()).is_permanently_closed).toBe(false);
  });
});
