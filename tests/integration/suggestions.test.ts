// Restaurant suggestions (ADR 023), through the routes as the server runs them: filing one with
// and without JavaScript and with a certificate photo (nothing public), every guard (each refusal
// has a message and stores nothing), the duplicate hint, and the admins' three decisions — approve
// through the normal create path, merge, reject — with the visitor's e-mail in their language;
// whoever is not an admin is refused by the route and by the domain function.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import { fileSuggestion, networkOf, SUGGESTION_LIMITS } from "../../app/features/restaurants/suggestions/filing.server";
import {
  approveSuggestion,
  countOpenSuggestions,
  listSuggestions,
  mergeSuggestion,
  rejectSuggestion,
  similarListings,
  suggestionFormValues,
} from "../../app/features/restaurants/suggestions/suggestions.server";
import type { AppServices } from "../../app/lib/context";
import type { EmailContent } from "../../app/lib/emails";
import { SYSTEM } from "../../app/lib/permissions.server";
import { loader as layoutLoader } from "../../app/routes/dashboard/layout";
import { action as editorAction, loader as editorLoader } from "../../app/routes/dashboard/restaurant";
import { action as queueAction, loader as queueLoader } from "../../app/routes/dashboard/suggestions";
import { action as suggestAction } from "../../app/routes/suggest";
import { insertRestaurant } from "../../database/factories";
import { suggestions } from "../../database/schema/lifecycle";
import { rateLimits } from "../../database/schema/people";
import { restaurantChanges, restaurants } from "../../database/schema/restaurants";
import { uploads } from "../../database/schema/uploads";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser, type RouteOutcome } from "../setup/routes";
import { createServices } from "../setup/services";

type Who = "visitor" | "guest" | "owner" | "admin";

let database: TestDatabase;
let services: AppServices;
const cookies: Partial<Record<Who, string>> = {};
const users: Partial<Record<Who, { id: string; email: string; role: "guest" | "owner" | "admin" }>> = {};
let outbox: { to: string; content: EmailContent }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, { sendEmail: async (to, content) => void outbox.push({ to, content }) });
  for (const role of ["guest", "owner", "admin"] as const) {
    const user = await signedInUser(services, { email: `${role}@suggestions.example`, role, firstName: role });
    cookies[role] = user.cookie;
    users[role] = { id: user.id, email: user.email, role };
  }
});
beforeEach(async () => {
  await database.db.delete(suggestions);
  await database.db.delete(restaurants);
  await database.db.delete(restaurantChanges);
  await database.db.delete(rateLimits);
  await database.db.delete(uploads);
  outbox = [];
});
afterAll(async () => {
  await database?.destroy();
});

const as = (who: Who) => (who === "visitor" ? {} : { cookie: cookies[who]! });
const actor = (who: Exclude<Who, "visitor">) => users[who]!;
const stored = () => database.db.select().from(suggestions);
const errorOf = (outcome: RouteOutcome) => (outcome.data as { error?: string }).error;
const fieldErrorsOf = (outcome: RouteOutcome) => (outcome.data as { errors?: Record<string, string> }).errors ?? {};

const VALID = {
  nameEn: "Falafel Gina",
  nameHe: "פלאפל ג׳ינה",
  address: "Dizengoff 100, Tel Aviv",
  kashrut: "Rabbinate, mehadrin",
  link: "",
  note: "",
  email: "",
};

function suggest(
  form: Record<string, string>,
  options: { language?: "en" | "he"; ip?: string; file?: File } = {},
): Promise<RouteOutcome> {
  const withIp = options.ip ? { ...services, clientIp: options.ip } : services;
  const path = options.language === "he" ? "/he/suggest" : "/suggest";
  if (options.file) {
    const body = new FormData();
    for (const [name, value] of Object.entries({ mode: "basic", ...form })) body.set(name, value);
    body.set("certificate", options.file);
    return callRoute(suggestAction, withIp, path, { multipart: body });
  }
  return callRoute(suggestAction, withIp, path, { form: { mode: "basic", ...form } });
}

async function proof(): Promise<string> {
  const challenge = await services.proofOfWork.challenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return JSON.stringify({ challenge, solution });
}

const jpeg = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "teuda.jpg",
    {
      type: "image/jpeg",
    },
  );

/** One open suggestion stored as a visitor would send it; its id. */
async function filed(
  form: Partial<typeof VALID> = {},
  options: { language?: "en" | "he"; file?: File } = {},
): Promise<string> {
  const outcome = await suggest(
    { ...VALID, ...form },
    { ...options, ip: `198.51.100.${Math.floor(Math.random() * 250)}` },
  );
  expect(outcome.data).toEqual({ ok: true });
  const rows = await stored();
  return rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0]!.id;
}

describe("suggesting a restaurant", () => {
  it("without JavaScript: one row as sent, marked without proof-of-work, and nothing public", async () => {
    const outcome = await suggest({
      ...VALID,
      link: "www.gina.example/menu",
      note: "  Great pita\r\nnear the square ",
      email: " diner@example.com ",
    });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toEqual({ ok: true });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name_en: "Falafel Gina",
      name_he: "פלאפל ג׳ינה",
      address: "Dizengoff 100, Tel Aviv",
      kashrut: "Rabbinate, mehadrin",
      link: "https://www.gina.example/menu",
      note: "Great pita\nnear the square",
      email: "diner@example.com",
      language: "en",
      proof_of_work: false,
      status: "open",
      certificate_url: null,
      restaurant_id: null,
    });
    expect(await database.db.select().from(restaurants)).toEqual([]);
    expect(await services.publicRestaurants()).toEqual([]);
  });

  it("with JavaScript from the Hebrew page: the proof is checked, the language kept; a Hebrew name alone is enough", async () => {
    const outcome = await suggest({ ...VALID, nameEn: "", mode: "pow", pow: await proof() }, { language: "he" });
    expect(outcome.data).toEqual({ ok: true });
    expect((await stored())[0]).toMatchObject({
      name_en: "",
      name_he: "פלאפל ג׳ינה",
      language: "he",
      proof_of_work: true,
    });
  });

  it("with a certificate photo: stored re-encoded, held by the suggestion (no uploader), attached to nothing", async () => {
    const outcome = await suggest(VALID, { file: await jpeg() });
    expect(outcome.data).toEqual({ ok: true });
    const [row] = await stored();
    expect(row!.certificate_url).toMatch(/^\/uploads\//);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.url, row!.certificate_url!));
    expect(upload).toMatchObject({ kind: "teuda", uploaded_by: null, restaurant_id: null, held_by: row!.id });
  });

  it("an empty file input is no photo", async () => {
    const outcome = await suggest(VALID, { file: new File([], "", { type: "application/octet-stream" }) });
    expect(outcome.data).toEqual({ ok: true });
    expect((await stored())[0]!.certificate_url).toBeNull();
    expect(await database.db.select().from(uploads)).toEqual([]);
  });

  it("a photo that is not an image: the field says why, nothing stored, the typed values kept", async () => {
    const outcome = await suggest(VALID, {
      file: new File([new TextEncoder().encode("not an image at all")], "teuda.jpg", { type: "image/jpeg" }),
    });
    expect(outcome.status).toBe(400);
    expect(fieldErrorsOf(outcome).certificate).toBe("suggest.photoNotImage");
    expect((outcome.data as { fields: Record<string, string> }).fields).toMatchObject({
      nameEn: "Falafel Gina",
      address: "Dizengoff 100, Tel Aviv",
    });
    expect(await stored()).toEqual([]);
    expect(await database.db.select().from(uploads)).toEqual([]);
  });
});

describe("guards: refused with a message, nothing stored", () => {
  it.each([
    ["a filled honeypot", { ...VALID, website: "http://spam.example" }, "suggest.refused"],
    ["a missing proof-of-work", { ...VALID, mode: "pow", pow: "" }, "suggest.proofFailed"],
    ["a proof-of-work that is not JSON", { ...VALID, mode: "pow", pow: "{nope" }, "suggest.proofFailed"],
  ])("%s", async (_label, form, message) => {
    const outcome = await suggest(form);
    expect(outcome.status).toBe(400);
    expect(errorOf(outcome)).toBe(message);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ["no name in either language", { nameEn: "", nameHe: "" }, "nameEn", "suggest.nameRequired"],
    ["no address", { address: " " }, "address", "suggest.addressRequired"],
    ["a name over 200 characters", { nameEn: "n".repeat(201) }, "nameEn", "suggest.tooLong"],
    ["a note over 1,000 characters", { note: "n".repeat(1_001) }, "note", "suggest.tooLong"],
    ["a note with a control character", { note: "a\u0007b" }, "note", "error.invalidCharacters"],
    ["a NUL in the address", { address: "Dizengoff\u0000 1" }, "address", "error.invalidCharacters"],
    ["a line break in the name", { nameEn: "Two\nlines" }, "nameEn", "error.lineBreak"],
    ["a bell in the name", { nameEn: "ok\u0007ok" }, "nameEn", "error.invalidCharacters"],
    ["a javascript: link", { link: "javascript:alert(1)" }, "link", "suggest.linkInvalid"],
    ["a wrong e-mail", { email: "not-an-address" }, "email", "error.invalidEmail"],
  ])("%s: the field says why, and the typed values come back", async (_label, change, field, message) => {
    const outcome = await suggest({ ...VALID, ...change });
    expect(outcome.status).toBe(400);
    expect(fieldErrorsOf(outcome)[field]).toBe(message);
    expect((outcome.data as { fields: Record<string, string> }).fields.kashrut).toBe(VALID.kashrut);
    expect(await stored()).toEqual([]);
  });

  it("without JavaScript, the stricter limit per address; with a proof the same address may go on", async () => {
    for (let i = 0; i < SUGGESTION_LIMITS.basicPerIp.max; i++) expect((await suggest(VALID)).status).toBe(200);
    const over = await suggest(VALID);
    expect(over.status).toBe(429);
    expect(errorOf(over)).toBe("error.rateLimited");
    expect(await stored()).toHaveLength(SUGGESTION_LIMITS.basicPerIp.max);
    expect((await suggest({ ...VALID, mode: "pow", pow: await proof() })).status).toBe(200);
  });

  it("with a proof-of-work, the limit per address", async () => {
    for (let i = 0; i < SUGGESTION_LIMITS.perIp.max; i++)
      expect((await suggest({ ...VALID, mode: "pow", pow: await proof() })).status).toBe(200);
    expect((await suggest({ ...VALID, mode: "pow", pow: await proof() })).status).toBe(429);
    expect(await stored()).toHaveLength(SUGGESTION_LIMITS.perIp.max);
  });

  it("the site's daily limits, whatever the address, one per way in: refused, and the photo never stored", async () => {
    const resetAt = new Date(Date.now() + 60 * 60_000);
    await database.db.insert(rateLimits).values({ key: "suggest:all", count: SUGGESTION_LIMITS.global.max, resetAt });
    const over = await suggest(
      { ...VALID, mode: "pow", pow: await proof() },
      { ip: "203.0.113.50", file: await jpeg() },
    );
    expect(over.status).toBe(429);
    expect(await stored()).toEqual([]);
    expect(await database.db.select().from(uploads)).toEqual([]);
    // The address's own attempt was given back.
    const [own] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, "suggest:ip:203.0.113.50"));
    expect(own?.count ?? 0).toBe(0);
    // The proof-of-work's quota spent leaves the way without JavaScript open, and the other way round.
    expect((await suggest(VALID, { ip: "203.0.113.51" })).status).toBe(200);
    await database.db.delete(rateLimits);
    await database.db
      .insert(rateLimits)
      .values({ key: "suggest-basic:all", count: SUGGESTION_LIMITS.basicGlobal.max, resetAt });
    expect((await suggest(VALID, { ip: "203.0.113.52", file: await jpeg() })).status).toBe(429);
    expect((await suggest({ ...VALID, mode: "pow", pow: await proof() }, { ip: "203.0.113.53" })).status).toBe(200);
  });
});

describe("a flood of suggestions from many addresses", () => {
  const values = {
    nameEn: "Flood Cafe",
    nameHe: "",
    address: "1 Flood St",
    kashrut: "",
    link: "",
    note: "",
    email: "",
  };
  const basic = (clientIp: string, now: Date) =>
    fileSuggestion(database.db, { values, language: "en", proofOfWork: false, clientIp }, now);
  const withProof = (clientIp: string, now: Date) =>
    fileSuggestion(database.db, { values, language: "en", proofOfWork: true, clientIp }, now);
  const count = async (key: string) =>
    (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

  it("one address sends its share without JavaScript per day, not per hour: two hours later it is still refused", async () => {
    const start = new Date("2026-11-28T08:00:00Z");
    for (let i = 0; i < SUGGESTION_LIMITS.basicPerIp.max; i++) await basic("198.51.100.7", start);
    await expect(basic("198.51.100.7", new Date(start.getTime() + 2 * 60 * 60_000))).rejects.toThrow();
    // Its share is a small part of the site's: many addresses are needed to spend the quota.
    expect(SUGGESTION_LIMITS.basicPerIp.max * 20).toBeLessThanOrEqual(SUGGESTION_LIMITS.basicGlobal.max);
  });

  it("addresses of one network (an IPv4 /24, an IPv6 /48) share an allowance without JavaScript", async () => {
    expect(networkOf("203.0.113.9")).toBe("203.0.113");
    expect(networkOf("2001:db8:1:2::/64")).toBe("2001:db8:1");
    const now = new Date("2026-11-28T08:00:00Z");
    for (let i = 1; i <= SUGGESTION_LIMITS.basicPerNetwork.max; i++) await basic(`203.0.113.${i}`, now);
    await expect(basic("203.0.113.200", now)).rejects.toThrow();
    await basic("192.0.2.1", now);
  });

  it("spends only the quota of suggestions without JavaScript: visitors with the proof-of-work still get through, and it is not counted against theirs", async () => {
    const now = new Date("2026-11-28T08:00:00Z");
    let sent = 0;
    // Enough addresses from enough networks to spend the whole no-JavaScript quota, and more.
    for (let network = 0; sent < SUGGESTION_LIMITS.basicGlobal.max + 5; network++) {
      for (let host = 1; host <= SUGGESTION_LIMITS.basicPerNetwork.max; host++) {
        try {
          await basic(`10.${network}.0.${host}`, now);
        } catch {
          // Refused: the quota is spent.
        }
        sent++;
      }
    }
    expect(await count("suggest-basic:all")).toBe(SUGGESTION_LIMITS.basicGlobal.max);
    await expect(basic("172.16.0.1", now)).rejects.toThrow();
    expect(await count("suggest:all")).toBe(0);
    await withProof("172.16.0.2", now);
    expect(await count("suggest:all")).toBe(1);
  });
});

describe("the queue and the duplicate hint", () => {
  it("shows open suggestions to admins with listings of a similar name or address (Hebrew-aware)", async () => {
    const landwer = await insertRestaurant(database.db, {
      slug: "cafe-landwer",
      name_en: "Café Landwer",
      name_he: "קפה לנדוור",
      address: "Rothschild 1",
    });
    await insertRestaurant(database.db, { slug: "elsewhere", name_en: "Something Else", address: "Herzl 99" });
    await filed({ nameEn: "Cafe Landwer", nameHe: "", address: "Somewhere new 5" });
    await filed({ nameEn: "", nameHe: "קָפֶה לנדוור", address: "Another street 7" });
    await filed({ nameEn: "Brand New Place", nameHe: "", address: "Rothschild 1" });
    const queue = await listSuggestions(database.db, actor("admin"), "open");
    expect(queue.total).toBe(3);
    for (const item of queue.suggestions) expect(item.similar.map((listing) => listing.id)).toEqual([landwer.id]);
    expect(
      await similarListings(database.db, actor("admin"), { names: ["Totally Unrelated"], address: "Nowhere 0" }),
    ).toEqual([]);
    // On one street, only the same house number is a hint.
    const dizengoff = await insertRestaurant(database.db, {
      slug: "d100",
      name_en: "Corner",
      address: "100 Dizengoff St, Tel Aviv",
    });
    await insertRestaurant(database.db, {
      slug: "d32",
      name_en: "Elsewhere On Dizengoff",
      address: "32 Dizengoff St, Tel Aviv",
    });
    const onDizengoff = await similarListings(database.db, actor("admin"), {
      names: ["Quite New"],
      address: "Dizengoff 100, Tel Aviv",
    });
    expect(onDizengoff.map((listing) => listing.id)).toEqual([dizengoff.id]);
    expect(await countOpenSuggestions(database.db, actor("admin"))).toBe(3);
    const layout = await callRoute(layoutLoader, services, "/dashboard", as("admin"));
    expect(layout.data).toMatchObject({ openSuggestions: 3 });
    const ownerLayout = await callRoute(layoutLoader, services, "/dashboard", as("owner"));
    expect(ownerLayout.data).toMatchObject({ openSuggestions: null });
  });

  it("the merge form's search finds listings by name or address", async () => {
    const place = await insertRestaurant(database.db, {
      slug: "hummus-bar",
      name_en: "Hummus Bar",
      name_he: "בר חומוס",
      address: "Allenby 12",
    });
    const id = await filed();
    const outcome = await callRoute(
      queueLoader,
      services,
      `/dashboard/suggestions?find=allenby&for=${id}`,
      as("admin"),
    );
    expect((outcome.data as { found: { for: string; listings: { id: string }[] } }).found).toMatchObject({
      for: id,
      listings: [{ id: place.id }],
    });
    // A NUL (which PostgreSQL's text cannot hold) is only a space in the search, never a 500 (found by the fuzz suite).
    const withNul = await callRoute(
      queueLoader,
      services,
      `/dashboard/suggestions?find=allenby%00&for=${id}`,
      as("admin"),
    );
    expect(withNul.status).toBe(200);
    expect((withNul.data as { found: { listings: { id: string }[] } }).found.listings).toMatchObject([
      { id: place.id },
    ]);
  });
});

describe("approve through the create path", () => {
  it("the form is prefilled; saving creates the listing with the certificate, approves the suggestion and tells the visitor in Hebrew", async () => {
    const id = await filed(
      { kashrut: "צהר", link: "https://wolt.com/he/isr/tel-aviv/restaurant/gina", email: "gina@example.com" },
      { language: "he", file: await jpeg() },
    );
    const [suggestion] = await stored();
    const page = await callRoute(editorLoader, services, `/he/dashboard/add?suggestion=${id}`, as("admin"));
    const initial = (page.data as { initial: typeof EMPTY_FORM; suggestionId: string }).initial;
    expect(initial).toMatchObject({
      nameEn: "Falafel Gina",
      nameHe: "פלאפל ג׳ינה",
      address: "Dizengoff 100, Tel Aviv",
      kashrut: "tzohar",
      woltLink: "https://wolt.com/he/isr/tel-aviv/restaurant/gina",
      teuda: suggestion!.certificate_url,
    });
    const saved = await callRoute(editorAction, services, `/he/dashboard/add?suggestion=${id}`, {
      ...as("admin"),
      json: { intent: "save", values: initial },
    });
    expect(saved.location).toBe("/he/dashboard/suggestions");
    const [restaurant] = await database.db.select().from(restaurants);
    expect(restaurant).toMatchObject({
      name_en: "Falafel Gina",
      teuda: suggestion!.certificate_url,
      kashrut: "tzohar",
    });
    expect((await stored())[0]).toMatchObject({
      status: "approved",
      restaurant_id: restaurant!.id,
      decided_by: actor("admin").id,
    });
    expect((await database.db.select().from(uploads))[0]).toMatchObject({ restaurant_id: restaurant!.id });
    // Recorded in the history as any creation is.
    expect((await database.db.select().from(restaurantChanges)).map((change) => change.action)).toEqual(["create"]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.to).toBe("gina@example.com");
    expect(outbox[0]!.content.subject).toContain("ההצעה שלכם");
    expect(outbox[0]!.content.text).toContain("הוספנו את המסעדה");
    expect(outbox[0]!.content.text).toContain(`http://127.0.0.1/he/restaurant/${restaurant!.slug}`);
    expect(outbox[0]!.content.text).not.toContain("Thank you");
    // Decided: it leaves the open queue, and the form cannot approve it again.
    expect((await listSuggestions(database.db, actor("admin"), "open")).total).toBe(0);
    expect((await listSuggestions(database.db, actor("admin"), "decided")).suggestions[0]).toMatchObject({
      status: "approved",
      restaurant: { id: restaurant!.id },
    });
    const again = await callRoute(editorLoader, services, `/he/dashboard/add?suggestion=${id}`, as("admin"));
    expect(again.location).toBe("/he/dashboard/suggestions");
  });

  it("an invalid form approves nothing and creates nothing", async () => {
    const id = await filed();
    const saved = await callRoute(editorAction, services, `/dashboard/add?suggestion=${id}`, {
      ...as("admin"),
      json: { intent: "save", values: { ...EMPTY_FORM, nameEn: "x" } },
    });
    expect(saved.status).toBe(400);
    expect(await database.db.select().from(restaurants)).toEqual([]);
    expect((await stored())[0]!.status).toBe("open");
  });

  it("another admin's held upload is not attachable without its suggestion, nor by an owner", async () => {
    const id = await filed({}, { file: await jpeg() });
    const [suggestion] = await stored();
    const values = {
      ...EMPTY_FORM,
      nameEn: "Sneaky",
      address: "Somewhere 1",
      kashrut: "tzohar",
      teuda: suggestion!.certificate_url!,
    };
    const plain = await callRoute(editorAction, services, "/dashboard/add", {
      ...as("admin"),
      json: { intent: "save", values },
    });
    expect(plain.status).toBe(400);
    expect(fieldErrorsOf(plain).teuda).toBe("upload.notYours");
    await expect(approveSuggestion(database.db, { ...actor("owner") }, id, values)).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await database.db.select().from(restaurants)).toEqual([]);
  });
});

describe("merge and reject", () => {
  it("merge: marked merged with the listing; the visitor is told it is already listed (English)", async () => {
    const place = await insertRestaurant(database.db, { slug: "gina", name_en: "Gina" });
    const id = await filed({ email: "en@example.com" });
    const outcome = await callRoute(queueAction, services, "/dashboard/suggestions", {
      ...as("admin"),
      form: { intent: "merge", suggestionId: id, restaurantId: place.id },
    });
    expect(outcome.location).toBe("/dashboard/suggestions");
    expect((await stored())[0]).toMatchObject({ status: "merged", restaurant_id: place.id });
    expect(outcome).toBeDefined();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.content.text).toContain("already listed");
    expect(outbox[0]!.content.text).toContain("http://127.0.0.1/en/restaurant/gina");
    expect((await database.db.select().from(restaurants)).length).toBe(1);
  });

  it("merge without a listing chosen, or with one that does not exist: refused, nothing changed", async () => {
    const id = await filed();
    for (const restaurantId of ["", "00000000-0000-4000-8000-000000000000", "nope"]) {
      const outcome = await callRoute(queueAction, services, "/dashboard/suggestions", {
        ...as("admin"),
        form: { intent: "merge", suggestionId: id, restaurantId },
      });
      expect(outcome.status).toBe(400);
      expect(errorOf(outcome)).toBe("suggestions.pickListing");
    }
    expect((await stored())[0]!.status).toBe("open");
  });

  it("reject: a reason is required; with one, rejected and the visitor gets the reason in their language", async () => {
    const id = await filed({ email: "he@example.com" }, { language: "he" });
    const empty = await callRoute(queueAction, services, "/dashboard/suggestions", {
      ...as("admin"),
      form: { intent: "reject", suggestionId: id, reason: "   " },
    });
    expect(empty.status).toBe(400);
    expect(fieldErrorsOf(empty).reason).toBe("suggestions.reasonRequired");
    expect((await stored())[0]!.status).toBe("open");
    expect(outbox).toEqual([]);
    const outcome = await callRoute(queueAction, services, "/he/dashboard/suggestions", {
      ...as("admin"),
      form: { intent: "reject", suggestionId: id, reason: "אין תעודת כשרות בתוקף" },
    });
    expect(outcome.location).toBe("/he/dashboard/suggestions");
    expect((await stored())[0]).toMatchObject({
      status: "rejected",
      decision_note: "אין תעודת כשרות בתוקף",
      restaurant_id: null,
    });
    expect(outbox[0]!.to).toBe("he@example.com");
    expect(outbox[0]!.content.text).toContain("אין תעודת כשרות בתוקף");
    expect(outbox[0]!.content.html).toContain('dir="rtl"');
    expect(outbox[0]!.content.text).toContain("http://127.0.0.1/he");
  });

  it("no e-mail left: decided, nothing sent; a second decision is a conflict", async () => {
    const id = await filed();
    await rejectSuggestion(database.db, actor("admin"), id, "Not in Tel Aviv");
    expect(outbox).toEqual([]);
    const again = await callRoute(queueAction, services, "/dashboard/suggestions", {
      ...as("admin"),
      form: { intent: "reject", suggestionId: id, reason: "again" },
    });
    expect(again.status).toBe(409);
    expect((await stored())[0]!.decision_note).toBe("Not in Tel Aviv");
  });

  it("an unknown suggestion or intent: refused without a 5xx", async () => {
    for (const form of [
      { intent: "reject", suggestionId: "00000000-0000-4000-8000-000000000000", reason: "x" } as Record<string, string>,
      { intent: "reject", suggestionId: "not-a-uuid", reason: "x" },
      { intent: "approve", suggestionId: "x" },
    ]) {
      const outcome = await callRoute(queueAction, services, "/dashboard/suggestions", { ...as("admin"), form });
      expect(outcome.status).toBeGreaterThanOrEqual(400);
      expect(outcome.status).toBeLessThan(500);
    }
  });
});

describe("only admins", () => {
  it("the domain functions refuse everyone else (and nobody), changing nothing", async () => {
    const place = await insertRestaurant(database.db, { slug: "gina", name_en: "Gina" });
    const id = await filed();
    const values = { ...EMPTY_FORM, nameEn: "Gina Two", address: "Somewhere 1", kashrut: "tzohar" };
    for (const who of [null, actor("guest"), actor("owner")]) {
      await expect(listSuggestions(database.db, who, "open")).rejects.toMatchObject({ code: "forbidden" });
      await expect(suggestionFormValues(database.db, who, id)).rejects.toMatchObject({ code: "forbidden" });
      await expect(approveSuggestion(database.db, who, id, values)).rejects.toMatchObject({ code: "forbidden" });
      await expect(mergeSuggestion(database.db, who, id, place.id)).rejects.toMatchObject({ code: "forbidden" });
      await expect(rejectSuggestion(database.db, who, id, "no")).rejects.toMatchObject({ code: "forbidden" });
    }
    expect((await stored())[0]!.status).toBe("open");
    expect((await database.db.select().from(restaurants)).length).toBe(1);
    // The system (scripts) may.
    await mergeSuggestion(database.db, SYSTEM, id, place.id);
    expect((await stored())[0]).toMatchObject({ status: "merged", decided_by: null });
  });

  it("the routes refuse everyone else, changing nothing", async () => {
    const place = await insertRestaurant(database.db, { slug: "gina", name_en: "Gina" });
    const id = await filed();
    for (const who of ["visitor", "guest", "owner"] as const) {
      const page = await callRoute(queueLoader, services, "/dashboard/suggestions", as(who));
      expect(page.status === 403 || page.location !== undefined, who).toBe(true);
      expect(page.data ?? {}, who).not.toHaveProperty("suggestions");
      const merge = await callRoute(queueAction, services, "/dashboard/suggestions", {
        ...as(who),
        form: { intent: "merge", suggestionId: id, restaurantId: place.id },
      });
      expect(merge.status === 403 || (merge.location ?? "").length > 0, who).toBe(true);
      const approve = await callRoute(editorLoader, services, `/dashboard/add?suggestion=${id}`, as(who));
      expect(approve.status === 403 || approve.location !== undefined, who).toBe(true);
      expect(approve.data ?? {}, who).not.toHaveProperty("initial");
      const save = await callRoute(editorAction, services, `/dashboard/add?suggestion=${id}`, {
        ...as(who),
        json: {
          intent: "save",
          values: { ...EMPTY_FORM, nameEn: "Gina Two", address: "Somewhere 1", kashrut: "tzohar" },
        },
      });
      expect(save.status === 403 || (save.location ?? "").length > 0, who).toBe(true);
    }
    expect((await stored())[0]!.status).toBe("open");
    expect((await database.db.select().from(restaurants)).length).toBe(1);
  });
});
