// Alerts for saved places (ADR 024), on a real database: the settings through their route (the
// account's own only), the daily digest job through an outbox (nothing when nothing changed; one
// e-mail with every change, in the chosen language; at most one a Tel Aviv day; none when off),
// the unsubscribe link (opening it changes nothing; a POST with the token turns alerts off; a
// forged token changes nothing), and a saved place removed, a restaurant or an account deleted.
import { readdirSync, readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/account-alerts";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../../app/routes/alerts-unsubscribe";
import { alertSettingsOf, setAlerts } from "../../app/features/restaurants/alerts/alerts.server";
import { sendAlertDigests } from "../../app/features/restaurants/alerts/digest.server";
import { keepPlaces } from "../../app/features/restaurants/saved/saved.server";
import type { AppServices } from "../../app/lib/context";
import type { EmailContent } from "../../app/lib/emails";
import { isAppError } from "../../app/lib/errors";
import { insertRestaurant } from "../../database/factories";
import { users } from "../../database/schema/auth";
import { alertSettings, alertSnapshots } from "../../database/schema/alerts";
import { restaurants } from "../../database/schema/restaurants";
import { savedPlaces } from "../../database/schema/saved";
import { createMailer } from "../../server/mailer";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { decodeQuotedPrintable } from "../setup/smtp";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

let database: TestDatabase;
let services: AppServices;
let outbox: { to: string; content: EmailContent }[] = [];
type Who = "diner" | "hebrew" | "other" | "admin";
const people: Record<Who, { id: string; email: string; cookie: string; role: "guest" | "admin" }> = {} as never;
const place: Record<string, string> = {};

/** Noon in Tel Aviv on a day (UTC+2 in November). */
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour - 2).padStart(2, "0")}:00:00Z`);
const run = (day: string, hour?: number) =>
  sendAlertDigests(database.db, {
    sendEmail: services.sendEmail,
    publicUrl: "https://kosher.example",
    tokens: services.alertTokens,
    now: at(day, hour),
  });
const actor = (who: Who) => ({ id: people[who].id, role: people[who].role });

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, { sendEmail: async (to, content) => void outbox.push({ to, content }) });
  for (const who of ["diner", "hebrew", "other", "admin"] as const) {
    const role = who === "admin" ? "admin" : "guest";
    const user = await signedInUser(services, { email: `${who}@alerts.example`, role, emailVerified: true });
    people[who] = { id: user.id, email: user.email, cookie: user.cookie, role };
  }
});
beforeEach(async () => {
  outbox = [];
  await database.db.delete(alertSettings);
  await database.db.delete(savedPlaces);
  await database.db.delete(restaurants);
  place.falafel = (
    await insertRestaurant(database.db, {
      slug: "falafel-one",
      name_en: "Falafel One",
      name_he: "פלאפל אחד",
      kashrut: "rabanut",
      certificate_body: "rabbinate_tel_aviv",
      certificate_level: "regular",
      certificate_valid_until: "2026-12-31",
    })
  ).id;
  place.sushi = (
    await insertRestaurant(database.db, {
      slug: "sushi-two",
      name_en: "Sushi Two",
      name_he: "סושי שתיים",
      kashrut: "tzohar",
      certificate_body: "tzohar",
      certificate_valid_until: "2026-11-30",
    })
  ).id;
  place.grill = (
    await insertRestaurant(database.db, {
      slug: "grill-three",
      name_en: "Grill Three",
      name_he: null,
      kashrut: "mehadrin",
    })
  ).id;
});
afterAll(async () => {
  await database?.destroy();
});

const change = (id: string, values: Partial<typeof restaurants.$inferInsert>) =>
  database.db.update(restaurants).set(values).where(eq(restaurants.id, id));
const save = (who: Who, ...slugs: string[]) => keepPlaces(database.db, actor(who), { add: slugs });
const turnOn = (who: Who, language: "en" | "he" = "en", day = "2026-11-26") =>
  setAlerts(database.db, actor(who), { enabled: true, language }, at(day, 9));

describe("the alert settings page", () => {
  it("is off by default, in the page's language; saving turns alerts on in the language chosen, for the account itself", async () => {
    const page = await callRoute(settingsLoader, services, "/he/account/alerts", { cookie: people.diner.cookie });
    expect(page.data).toMatchObject({ settings: { enabled: false, language: "he" }, email: people.diner.email });
    const saved = await callRoute(settingsAction, services, "/he/account/alerts", {
      cookie: people.diner.cookie,
      form: { enabled: "on", language: "he" },
    });
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    expect(await alertSettingsOf(database.db, people.diner.id, "en")).toEqual({ enabled: true, language: "he" });
    // Another account is untouched, whatever the form says (no field names an account).
    await callRoute(settingsAction, services, "/account/alerts", {
      cookie: people.diner.cookie,
      form: { enabled: "on", language: "en", user_id: people.other.id, userId: people.other.id },
    });
    expect(await alertSettingsOf(database.db, people.other.id, "en")).toEqual({ enabled: false, language: "en" });
    // Turned off (the box not ticked): off.
    await callRoute(settingsAction, services, "/account/alerts", {
      cookie: people.diner.cookie,
      form: { language: "en" },
    });
    expect(await alertSettingsOf(database.db, people.diner.id, "he")).toEqual({ enabled: false, language: "en" });
  });

  it("refuses a bad form with its message and changes nothing; a visitor is sent to sign in", async () => {
    const bad = await callRoute(settingsAction, services, "/account/alerts", {
      cookie: people.diner.cookie,
      form: { enabled: "on", language: "fr" },
    });
    expect(bad).toMatchObject({ status: 400, data: { ok: false, errors: { language: "alerts.languageInvalid" } } });
    expect(await database.db.select().from(alertSettings)).toEqual([]);
    const visitor = await callRoute(settingsAction, services, "/he/account/alerts", {
      form: { enabled: "on", language: "he" },
    });
    expect(visitor).toMatchObject({ status: 302, location: "/he/login" });
    expect(await callRoute(settingsLoader, services, "/account/alerts")).toMatchObject({
      status: 302,
      location: "/login",
    });
    expect(await database.db.select().from(alertSettings)).toEqual([]);
  });

  it("is the account's own: the domain function writes the acting account only, and refuses no account", async () => {
    await expect(setAlerts(database.db, null, { enabled: true, language: "en" })).rejects.toSatisfy(
      (error) => isAppError(error) && error.code === "forbidden",
    );
    await expect(setAlerts(database.db, { role: "guest" }, { enabled: true, language: "en" })).rejects.toSatisfy(
      (error) => isAppError(error) && error.code === "forbidden",
    );
    // An admin turning alerts on turns on the admin's own, never another account's.
    await setAlerts(database.db, actor("admin"), { enabled: true, language: "en" });
    expect((await database.db.select({ id: alertSettings.user_id }).from(alertSettings)).map((row) => row.id)).toEqual([
      people.admin.id,
    ]);
  });
});

describe("the daily digest", () => {
  it("sends nothing when nothing changed; a place saved with alerts on is watched from its save; one without a snapshot is first recorded", async () => {
    await save("diner", "falafel-one");
    await turnOn("diner");
    expect(await run("2026-11-26")).toBe(0);
    // Saved with alerts on: its facts are recorded at the save, so a change after it is news.
    await save("diner", "sushi-two");
    await change(place.sushi!, { kashrut: "rabanut" });
    expect(await run("2026-11-27")).toBe(1);
    expect(outbox[0]!.content.text).toContain("Kashrut: Tzohar → Rabanut");
    // A saved place the job has never seen (no snapshot: saved some other way): recorded, nothing said.
    await database.db.insert(savedPlaces).values({ user_id: people.diner.id, restaurant_id: place.grill! });
    await change(place.grill!, { kashrut: "tzohar" });
    expect(await run("2026-11-28")).toBe(0);
    expect(await run("2026-11-29")).toBe(0);
    expect(outbox).toHaveLength(1);
    expect(
      await database.db.select().from(alertSnapshots).where(eq(alertSnapshots.user_id, people.diner.id)),
    ).toHaveLength(3);
  });

  it("records nothing for a place saved with alerts off", async () => {
    await save("other", "falafel-one");
    expect(await database.db.select().from(alertSnapshots).where(eq(alertSnapshots.user_id, people.other.id))).toEqual(
      [],
    );
  });

  it("sends one e-mail with every change of every place, in the language chosen, then none the same day, nor the next without a change", async () => {
    await save("hebrew", "falafel-one", "sushi-two", "grill-three");
    await turnOn("hebrew", "he");
    await change(place.falafel!, {
      kashrut: "mehadrin",
      certificate_body: "badatz_landau",
      certificate_level: "mehadrin",
    });
    await change(place.grill!, { is_permanently_closed: true });
    // sushi-two's certificate ends on 2026-11-30: expired on December 1st. Changed and changed back: nothing.
    await change(place.sushi!, { kashrut: "rabanut" });
    await change(place.sushi!, { kashrut: "tzohar" });
    expect(await run("2026-12-01")).toBe(1);
    expect(outbox).toHaveLength(1);
    const [{ to, content }] = outbox as [{ to: string; content: EmailContent }];
    expect(to).toBe(people.hebrew.email);
    expect(content.subject).toBe("3 מקומות ששמרתם השתנו · כשר תל אביב");
    expect(content.text).toContain("פלאפל אחד");
    expect(content.text).toContain("כשרות: רבנות ← מהדרין");
    expect(content.text).toContain("גוף הכשרות: תעודת כשרות של הרבנות");
    expect(content.text).toContain("רמת הכשרות: רגיל ← מהדרין");
    expect(content.text).toContain("נסגרה לצמיתות");
    expect(content.text).toContain("תוקף התעודה פג");
    expect(content.text).toContain("https://kosher.example/he/restaurant/falafel-one");
    expect(content.html).toContain("<bdi>Grill Three</bdi>");
    expect(content.text).not.toMatch(/Kosher Tel Aviv|Kashrut/);
    const unsubscribe = /https:\/\/kosher\.example\/he\/account\/alerts\/unsubscribe\?token=[\w.-]+/.exec(
      content.text,
    )?.[0];
    expect(unsubscribe).toBeDefined();
    expect(content.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // Again the same day (later that hour, or the next hour): none. The next day, nothing new: none.
    await change(place.grill!, { is_permanently_closed: false });
    expect(await run("2026-12-01", 23)).toBe(0);
    expect(outbox).toHaveLength(1);
    // The next day: the reopening (the one change since the e-mail), alone.
    expect(await run("2026-12-02")).toBe(1);
    expect(outbox[1]!.content.text).toContain("נפתחה מחדש");
    expect(outbox[1]!.content.text).not.toContain("פלאפל אחד");
    expect(await run("2026-12-03")).toBe(0);
    expect(outbox).toHaveLength(2);
  });

  it("writes English when English was chosen, names in English, and tells a renewal and a change of supervision", async () => {
    await save("diner", "sushi-two");
    await turnOn("diner", "en", "2026-12-05");
    await change(place.sushi!, { certificate_valid_until: "2027-11-30", certificate_body: "rabbinate_tel_aviv" });
    expect(await run("2026-12-05")).toBe(1);
    const { content } = outbox[0]!;
    expect(content.subject).toBe("A place you saved has changed · Kosher Tel Aviv");
    expect(content.text).toContain("Sushi Two");
    expect(content.text).toContain(
      "Kashrut supervision: Under the supervision of Tzohar → Kosher certificate of the Tel Aviv-Yafo Rabbinate",
    );
    expect(content.text).toContain("The certificate was renewed, valid until November 30, 2027");
    expect(content.text).toContain("https://kosher.example/en/restaurant/sushi-two");
    expect(content.text).not.toContain("סושי");
  });

  it("sends nothing when alerts are off, or to an address not verified", async () => {
    await save("other", "falafel-one");
    await turnOn("other");
    await setAlerts(database.db, actor("other"), { enabled: false, language: "en" });
    await change(place.falafel!, { is_permanently_closed: true });
    expect(await run("2026-11-27")).toBe(0);
    // On again: the snapshot is taken anew, so what changed while off is no news.
    await turnOn("other", "en", "2026-11-27");
    expect(await run("2026-11-27")).toBe(0);
    await change(place.falafel!, { is_permanently_closed: false });
    await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, people.other.id));
    try {
      expect(await run("2026-11-28")).toBe(0);
    } finally {
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, people.other.id));
    }
    expect(outbox).toEqual([]);
  });

  it("gives the day back when the e-mail fails, so the change goes out on the next run", async () => {
    await save("diner", "grill-three");
    await turnOn("diner");
    await change(place.grill!, { is_permanently_closed: true });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failing = sendAlertDigests(database.db, {
        sendEmail: async () => {
          throw new Error("SMTP down");
        },
        publicUrl: "https://kosher.example",
        tokens: services.alertTokens,
        now: at("2026-11-27"),
      });
      expect(await failing).toBe(0);
      expect(error).toHaveBeenCalledWith("[alerts] digest e-mail failed:", expect.any(Error));
    } finally {
      error.mockRestore();
    }
    expect(await run("2026-11-27", 13)).toBe(1);
    expect(outbox[0]!.content.text).toContain("Closed permanently");
  });

  it("never sends twice when two runs claim the same day at once", async () => {
    await save("diner", "grill-three");
    await turnOn("diner");
    await change(place.grill!, { is_permanently_closed: true });
    const sent = await Promise.all([run("2026-11-27"), run("2026-11-27")]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(outbox).toHaveLength(1);
  });

  it("keeps working when a saved place is removed, its restaurant deleted or an account deleted", async () => {
    await save("diner", "falafel-one", "sushi-two", "grill-three");
    await turnOn("diner");
    const doomed = await signedInUser(services, { email: "doomed@alerts.example", emailVerified: true });
    await keepPlaces(database.db, { id: doomed.id, role: "guest" }, { add: ["falafel-one"] });
    await setAlerts(
      database.db,
      { id: doomed.id, role: "guest" },
      { enabled: true, language: "en" },
      at("2026-11-26", 9),
    );
    await keepPlaces(database.db, actor("diner"), { remove: ["sushi-two"] });
    await database.db.delete(restaurants).where(eq(restaurants.id, place.grill!));
    await database.db.delete(users).where(eq(users.id, doomed.id));
    // Their snapshots went with them.
    expect((await database.db.select().from(alertSnapshots)).map((row) => [row.user_id, row.restaurant_id])).toEqual([
      [people.diner.id, place.falafel],
    ]);
    await change(place.falafel!, { kashrut: "tzohar" });
    expect(await run("2026-11-27")).toBe(1);
    expect(outbox.map((mail) => mail.to)).toEqual([people.diner.email]);
  });

  it("goes through the mailer with its unsubscribe headers (the development outbox)", async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), "kta-alerts-outbox-"));
    const mailer = createMailer({ smtpUrl: undefined, from: "alerts@kosher.example", outboxDir });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await save("diner", "grill-three");
      await turnOn("diner");
      await change(place.grill!, { is_permanently_closed: true });
      await sendAlertDigests(database.db, {
        sendEmail: (to, content) => mailer.send({ to, ...content }),
        publicUrl: "https://kosher.example",
        tokens: services.alertTokens,
        now: at("2026-11-27"),
      });
    } finally {
      log.mockRestore();
    }
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    // Long headers are folded onto the next line: unfolded to read them.
    const eml = decodeQuotedPrintable(readFileSync(path.join(outboxDir, files[0]!), "utf8")).replace(
      /\r?\n[ \t]+/g,
      " ",
    );
    expect(eml).toMatch(
      /^List-Unsubscribe: <https:\/\/kosher\.example\/account\/alerts\/unsubscribe\?token=[\w.-]+>$/m,
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});

describe("unsubscribing by the e-mail's link", () => {
  it("opening the link changes nothing; the page's button (a POST with the token) turns alerts off, without signing in", async () => {
    await turnOn("hebrew", "he");
    const token = services.alertTokens.sign(people.hebrew.id);
    const url = `/he/account/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(await callRoute(unsubscribeLoader, services, url)).toMatchObject({
      status: 200,
      data: { valid: true, token },
    });
    expect((await alertSettingsOf(database.db, people.hebrew.id, "en")).enabled).toBe(true);
    expect(await callRoute(unsubscribeAction, services, url, { form: { token } })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await alertSettingsOf(database.db, people.hebrew.id, "en")).toEqual({ enabled: false, language: "he" });
    // Again: still off, answered as done.
    expect(await callRoute(unsubscribeAction, services, url, { form: { token } })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
  });

  it("a mail client's one-click POST (RFC 8058: the link's token, List-Unsubscribe=One-Click) turns alerts off", async () => {
    await turnOn("diner");
    const token = services.alertTokens.sign(people.diner.id);
    const answer = await callRoute(
      unsubscribeAction,
      services,
      `/account/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        form: { "List-Unsubscribe": "One-Click" },
      },
    );
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    expect((await alertSettingsOf(database.db, people.diner.id, "en")).enabled).toBe(false);
  });

  it("a forged, damaged or missing token is told so (not a 500) and changes nothing", async () => {
    await turnOn("diner");
    await turnOn("other");
    const token = services.alertTokens.sign(people.diner.id);
    const forged = `${Buffer.from(people.other.id).toString("base64url")}.${token.split(".")[1]}`;
    for (const bad of [forged, token.slice(0, -2), "", "nonsense", "%%%"]) {
      expect(
        await callRoute(unsubscribeLoader, services, `/account/alerts/unsubscribe?token=${encodeURIComponent(bad)}`),
        bad,
      ).toMatchObject({
        status: 200,
        data: { valid: false },
      });
      const answer = await callRoute(
        unsubscribeAction,
        services,
        `/account/alerts/unsubscribe?token=${encodeURIComponent(bad)}`,
        { form: { token: bad } },
      );
      expect(answer, bad).toMatchObject({ status: 400, data: { ok: false, error: "alerts.badToken" } });
    }
    expect((await alertSettingsOf(database.db, people.diner.id, "en")).enabled).toBe(true);
    expect((await alertSettingsOf(database.db, people.other.id, "en")).enabled).toBe(true);
  });
});
