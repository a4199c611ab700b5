// The Rabbinate's register (ADR 033), on PGlite: an import kept as a pending snapshot with its raw
// rows and nothing on a listing changed; a partial list refused without a reason and kept with one;
// a bad file refused with nothing stored; the renewal in one step through the change path (history,
// register date) skipping revoked and non-Rabbinate listings, and its one undo; a level changed one
// by one; review pairings confirmed or dismissed; leads in the suggestions queue; admins only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  applyEntryChange,
  applyRenewal,
  confirmEntry,
  dismissEntry,
  importRegister,
  reviewEntries,
  sendLeads,
  snapshotOverview,
  undoRenewal,
} from "../../app/features/restaurants/register/index.server";
import type { Actor } from "../../app/features/restaurants/editing/index.server";
import type { AppServices } from "../../app/lib/context";
import { AppError } from "../../app/lib/errors";
import { SYSTEM } from "../../app/lib/permissions.server";
import { insertRestaurant } from "../../database/factories";
import { suggestions } from "../../database/schema/lifecycle";
import { registerEntries, registerMissing, registerRenewals, registerSnapshots } from "../../database/schema/register";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { action as registerAction, loader as registerLoader } from "../../app/routes/dashboard/register";
import { action as reviewAction, loader as reviewLoader } from "../../app/routes/dashboard/register-review";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser, type RouteOutcome } from "../setup/routes";
import { createServices } from "../setup/services";

let database: TestDatabase;
let services: AppServices;
let admin: Actor;
let owner: Actor;
let guest: Actor;
let linked: Actor;
const cookies: Record<string, string> = {};
const NOW = new Date("2026-11-20T10:00:00Z");
// 2027-04-20 at midnight in Tel Aviv, as the scraper's CSV writes it (Unix seconds).
const APRIL_20 = String(Date.UTC(2027, 3, 19, 21) / 1000);

/** A scraper-shaped CSV of the given rows (name, business type, address). */
function csv(rows: [string, string, string][], date = APRIL_20): Buffer {
  const lines = rows.map(
    ([name, type, address]) => `${date},https://example.org/b/${name},${name},${type},${address},,`,
  );
  return Buffer.from(
    ["kosher_date,href,post_title,business_type,wrap_address,wrap_congregation,wrap_phone", ...lines].join("\n"),
  );
}

/** A complete list: runs from א to ת. */
const COMPLETE: [string, string, string][] = [
  ["אגדה", "מסעדה בשרית", "דיזנגוף 10"],
  ["בית הקפה", "בית קפה", "אבן גבירול 20"],
  ["גלידה טובה", "גלידרייה", "הירקון 5"],
  ["דגים", "מסעדה חלבית", "הרברט סמואל 30"],
  ["חלבי", "מזנון חלבי", "אלנבי 3"],
  ["מפעל הלחם", "מפעל", "המסגר 40"],
  ["מסעדה חדשה", "מסעדה בשרית", "שינקין 7"],
  ["שמש", "מסעדה בשרית", "בן יהודה 1"],
  ["תמר", "בית קפה", "קינג ג'ורג' 2"],
];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  const user = async (email: string, role: "admin" | "owner" | "guest") => {
    const created = await signedInUser(services, { email, role });
    cookies[email] = created.cookie;
    return { id: created.id, email, role };
  };
  admin = await user("admin@register.example", "admin");
  owner = await user("owner@register.example", "owner");
  guest = await user("guest@register.example", "guest");
  linked = await user("linked@register.example", "owner");
});
afterAll(async () => {
  await database?.destroy();
});

let ids: Record<string, string> = {};
beforeEach(async () => {
  await database.db.delete(registerSnapshots);
  await database.db.delete(restaurants);
  await database.db.delete(restaurantChanges);
  await database.db.delete(suggestions);
  const listing = async (
    key: string,
    nameHe: string,
    addressHe: string,
    extra: Partial<typeof restaurants.$inferInsert> = {},
  ) => {
    const row = await insertRestaurant(database.db, {
      slug: key,
      name_en: key,
      name_he: nameHe,
      address: `${key} street 1`,
      address_he: addressHe,
      kashrut: "rabanut",
      certificate_body: "rabbinate_tel_aviv",
      certificate_level: "regular",
      certificate_valid_until: "2026-10-02",
      ...extra,
    });
    ids[key] = row.id;
  };
  ids = {};
  await listing("agada", "אגדה", "דיזנגוף 10");
  await listing("cafe", "בית הקפה", "אבן גבירול 20");
  // Renewed already: nothing to do.
  await listing("gelato", "גלידה טובה", "הירקון 5", { certificate_valid_until: "2027-04-20" });
  // Revoked: a renewal never undoes it.
  await listing("fish", "דגים", "הרברט סמואל 30", { certificate_revoked_on: "2026-11-01" });
  // Under another body: the Rabbinate's register does not renew it.
  await listing("dairy", "חלבי", "אלנבי 3", { certificate_body: "badatz_beit_yosef", kashrut: "mehadrin" });
});

const rowOf = async (key: string) =>
  (await database.db.select().from(restaurants).where(eq(restaurants.id, ids[key]!)))[0]!;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("importRegister", () => {
  it("keeps the file as a pending snapshot with its raw rows, graded, and changes no listing", async () => {
    const before = await rowOf("agada");
    const imported = await importRegister(
      services,
      admin,
      {
        fileName: "complete.csv",
        data: csv(COMPLETE),
        publishedOn: "2026-11-15",
      },
      NOW,
    );
    expect(imported.rowCount).toBe(COMPLETE.length);
    expect(imported.partialReason).toBeNull();
    expect(imported.counts.exact).toBe(5);
    expect(imported.counts.new).toBe(4);
    const [snapshot] = await database.db.select().from(registerSnapshots);
    expect(snapshot).toMatchObject({ status: "pending", published_on: "2026-11-15", list: "register", row_count: 9 });
    const entries = await database.db
      .select()
      .from(registerEntries)
      .where(eq(registerEntries.snapshot_id, imported.snapshotId))
      .orderBy(registerEntries.position);
    expect(entries[0]).toMatchObject({
      name: "אגדה",
      restaurant_id: ids.agada,
      grade: "exact",
      valid_until: "2027-04-20",
    });
    expect(entries[0]!.raw.post_title).toBe("אגדה");
    expect(entries[5]).toMatchObject({ name: "מפעל הלחם", grade: "new", eatery: false });
    expect(await rowOf("agada")).toEqual(before);
    expect(await database.db.select().from(restaurantChanges)).toEqual([]);
  });

  it("refuses a partial list without a reason, storing nothing, and keeps it with one", async () => {
    await importRegister(services, admin, { fileName: "complete.csv", data: csv(COMPLETE) }, NOW);
    const short = csv(COMPLETE.slice(0, 5));
    const error = await refusal(importRegister(services, admin, { fileName: "short.csv", data: short }, NOW));
    expect(error.code).toBe("conflict");
    expect(error.messageKey).toBe("register.partialShort");
    expect(error.fieldErrors).toEqual({ overrideReason: "register.overrideRequired" });
    expect(error.values).toEqual({ count: 5, previous: 9 });
    expect(await database.db.select().from(registerSnapshots)).toHaveLength(1);
    const kept = await importRegister(
      services,
      admin,
      { fileName: "short.csv", data: short, overrideReason: "The site was down half way" },
      NOW,
    );
    expect(kept.partialReason).toBe("short");
    const [snapshot] = await database.db
      .select()
      .from(registerSnapshots)
      .where(eq(registerSnapshots.id, kept.snapshotId));
    expect(snapshot).toMatchObject({ partial_reason: "short", override_reason: "The site was down half way" });
  });

  it("refuses the real snapshot that stops mid-alphabet unless overridden", async () => {
    const { readFileSync } = await import("node:fs");
    const data = readFileSync("tests/fixtures/register/tel-aviv-2024-04-10.csv");
    const error = await refusal(importRegister(services, admin, { fileName: "real.csv", data }, NOW));
    expect(error.messageKey).toBe("register.partialMidAlphabet");
    const kept = await importRegister(services, admin, { fileName: "real.csv", data, overrideReason: "known" }, NOW);
    expect(kept.rowCount).toBe(720);
    // Reviewed a page of 50 at a time, in the file's order (nearly all of it new: no listing is on its streets).
    const pages = Math.ceil(kept.counts.new / 50);
    expect(pages).toBeGreaterThan(10);
    const first = await reviewEntries(database.db, admin, kept.snapshotId, "new", 1);
    const last = await reviewEntries(database.db, admin, kept.snapshotId, "new", pages);
    expect(first.total).toBe(kept.counts.new);
    expect(first.entries).toHaveLength(50);
    const positions = first.entries.map((entry) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(last.entries).toHaveLength(kept.counts.new - (pages - 1) * 50);
    expect((await reviewEntries(database.db, admin, kept.snapshotId, "new", pages + 1)).entries).toEqual([]);
  });

  it("refuses a bad file, a future or malformed day and a long reason, storing nothing", async () => {
    for (const upload of [
      { fileName: "x.txt", data: Buffer.from("hello") },
      { fileName: "x.csv", data: csv(COMPLETE), publishedOn: "2027-01-01" },
      { fileName: "x.csv", data: csv(COMPLETE), publishedOn: "2026-02-30" },
      { fileName: "x.csv", data: csv(COMPLETE), overrideReason: "x".repeat(501) },
    ]) {
      const error = await refusal(importRegister(services, admin, upload, NOW));
      expect(error.code).toBe("invalid");
    }
    expect(await database.db.select().from(registerSnapshots)).toEqual([]);
  });

  it("is for admins only", async () => {
    for (const actor of [owner, guest, null]) {
      const error = await refusal(importRegister(services, actor, { fileName: "c.csv", data: csv(COMPLETE) }, NOW));
      expect(error.code).toBe("forbidden");
    }
    expect(await database.db.select().from(registerSnapshots)).toEqual([]);
    await expect(
      importRegister(services, SYSTEM, { fileName: "c.csv", data: csv(COMPLETE) }, NOW),
    ).resolves.toBeTruthy();
  });
});

describe("the renewal in one step", () => {
  it("renews the matched Rabbinate listings through the change path, and one undo restores them", async () => {
    const { snapshotId } = await importRegister(
      services,
      admin,
      { fileName: "c.csv", data: csv(COMPLETE), publishedOn: "2026-11-15" },
      NOW,
    );
    const overview = await snapshotOverview(database.db, admin, snapshotId);
    expect(overview.offer).toEqual({ validUntil: "2027-04-20", count: 2 });

    const applied = await applyRenewal(services, admin, snapshotId, NOW);
    expect(applied).toMatchObject({ validUntil: "2027-04-20", count: 2 });
    for (const key of ["agada", "cafe"])
      expect(await rowOf(key)).toMatchObject({
        certificate_valid_until: "2027-04-20",
        register_published_on: "2026-11-15",
        updated_at: NOW,
      });
    expect((await rowOf("fish")).certificate_valid_until).toBe("2026-10-02");
    expect((await rowOf("dairy")).certificate_valid_until).toBe("2026-10-02");
    expect((await rowOf("gelato")).register_published_on).toBeNull();
    const history = await database.db.select().from(restaurantChanges);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ action: "update", actor_email: admin.email });
    expect(history[0]!.changes.certificate_valid_until).toEqual({ old: "2026-10-02", new: "2027-04-20" });
    const [snapshot] = await database.db.select().from(registerSnapshots);
    expect(snapshot?.status).toBe("applied");
    expect((await snapshotOverview(database.db, admin, snapshotId)).renewal).toMatchObject({ count: 2 });
    expect((await refusal(applyRenewal(services, admin, snapshotId, NOW))).messageKey).toBe("register.alreadyRenewed");

    // A later edit of one listing wins over the undo.
    await database.db
      .update(restaurants)
      .set({ certificate_valid_until: "2027-05-01" })
      .where(eq(restaurants.id, ids.cafe!));
    expect(await undoRenewal(services, admin, applied.renewalId, NOW)).toBe(1);
    expect(await rowOf("agada")).toMatchObject({ certificate_valid_until: "2026-10-02", register_published_on: null });
    expect((await rowOf("cafe")).certificate_valid_until).toBe("2027-05-01");
    expect(await database.db.select().from(restaurantChanges)).toHaveLength(3);
    expect((await refusal(undoRenewal(services, admin, applied.renewalId, NOW))).messageKey).toBe(
      "register.alreadyUndone",
    );
    const [renewal] = await database.db.select().from(registerRenewals);
    expect(renewal?.undone_by).toBe(admin.id);
    // Undone, it may be applied again (to both: the register's date wins over one that differs).
    expect((await snapshotOverview(database.db, admin, snapshotId)).offer).toEqual({
      validUntil: "2027-04-20",
      count: 2,
    });
  });

  it("renews nothing for owners, guests or visitors, nor for a revoked list", async () => {
    const { snapshotId } = await importRegister(services, admin, { fileName: "c.csv", data: csv(COMPLETE) }, NOW);
    for (const actor of [owner, guest, null])
      expect((await refusal(applyRenewal(services, actor, snapshotId, NOW))).code).toBe("forbidden");
    expect((await refusal(applyRenewal(services, admin, "not-an-id", NOW))).code).toBe("notFound");
    expect((await rowOf("agada")).certificate_valid_until).toBe("2026-10-02");
  });
});

describe("one by one", () => {
  it("applies a changed level, re-deriving the Rabbinate's kashrut value", async () => {
    const { snapshotId } = await importRegister(services, admin, { fileName: "c.csv", data: csv(COMPLETE) }, NOW);
    const [entry] = await database.db
      .update(registerEntries)
      .set({ level: "mehadrin", kind: "meat" })
      .where(eq(registerEntries.restaurant_id, ids.agada!))
      .returning();
    const page = await reviewEntries(database.db, admin, snapshotId, "exact", 1);
    expect(page.entries.find((e) => e.id === entry!.id)?.differs).toBe(true);
    await applyEntryChange(services, admin, entry!.id, NOW);
    expect(await rowOf("agada")).toMatchObject({
      certificate_level: "mehadrin",
      kosher_kind: "meat",
      kashrut: "mehadrin",
    });
    expect((await refusal(applyEntryChange(services, admin, entry!.id, NOW))).code).toBe("conflict");
    expect((await refusal(applyEntryChange(services, owner, entry!.id, NOW))).code).toBe("forbidden");
  });

  it("confirms or dismisses a review pairing", async () => {
    const { snapshotId } = await importRegister(services, admin, { fileName: "c.csv", data: csv(COMPLETE) }, NOW);
    const entries = await database.db
      .select()
      .from(registerEntries)
      .where(eq(registerEntries.snapshot_id, snapshotId))
      .orderBy(registerEntries.position);
    // "שמש" and "תמר" made review pairings with listings no entry holds.
    await database.db
      .update(registerEntries)
      .set({ grade: "review", restaurant_id: ids.gelato! })
      .where(eq(registerEntries.id, entries[7]!.id));
    await database.db
      .update(registerEntries)
      .set({ grade: "review", restaurant_id: ids.agada! })
      .where(eq(registerEntries.id, entries[8]!.id));
    // gelato is held by its own exact entry: that pairing cannot be confirmed.
    expect((await refusal(confirmEntry(services, admin, entries[7]!.id, NOW))).messageKey).toBe(
      "register.listingTaken",
    );
    await dismissEntry(services, admin, entries[7]!.id, NOW);
    await database.db.delete(registerEntries).where(eq(registerEntries.id, entries[0]!.id));
    await confirmEntry(services, admin, entries[8]!.id, NOW);
    const after = await database.db.select().from(registerEntries).where(eq(registerEntries.snapshot_id, snapshotId));
    expect(after.find((e) => e.id === entries[7]!.id)).toMatchObject({ grade: "new", restaurant_id: null });
    expect(after.find((e) => e.id === entries[8]!.id)).toMatchObject({ grade: "probable", restaurant_id: ids.agada });
    expect(after.find((e) => e.id === entries[8]!.id)?.reasons).toContain("confirmed");
    expect((await refusal(confirmEntry(services, guest, entries[8]!.id, NOW))).code).toBe("forbidden");
  });

  it("sends unmatched places to eat to the suggestions queue with their facts, once", async () => {
    const { snapshotId } = await importRegister(
      services,
      admin,
      { fileName: "c.csv", data: csv(COMPLETE), publishedOn: "2026-11-15" },
      NOW,
    );
    expect((await snapshotOverview(database.db, admin, snapshotId)).openLeads).toBe(3);
    const one = (await reviewEntries(database.db, admin, snapshotId, "new", 1)).entries.find((e) => e.name === "שמש")!;
    expect(await sendLeads(services, admin, snapshotId, one.id, NOW)).toBe(1);
    expect(await sendLeads(services, admin, snapshotId, null, NOW)).toBe(2);
    expect((await refusal(sendLeads(services, admin, snapshotId, null, NOW))).messageKey).toBe("register.noLeads");
    const leads = await database.db.select().from(suggestions).orderBy(suggestions.name_he);
    expect(leads.map((lead) => lead.name_he)).toEqual(["מסעדה חדשה", "שמש", "תמר"]);
    expect(leads[1]).toMatchObject({
      address: "בן יהודה 1, תל אביב-יפו",
      status: "open",
      kashrut: "הרבנות תל אביב-יפו, בתוקף עד 2027-04-20",
    });
    expect(leads[1]!.note).toContain("From the Rabbinate's register of 2026-11-15");
    // The factory is no lead.
    expect(leads.some((lead) => lead.name_he === "מפעל הלחם")).toBe(false);
    expect((await refusal(sendLeads(services, owner, snapshotId, null, NOW))).code).toBe("forbidden");
  });
});

type Who = "visitor" | "guest" | "owner" | "linkedOwner" | "admin";
const EVERYONE: Who[] = ["visitor", "guest", "owner", "linkedOwner", "admin"];

describe("the register's pages: admins only", () => {
  const cookieOf = (who: Who): { cookie?: string } => {
    const actor = { guest, owner, linkedOwner: linked, admin, visitor: null }[who];
    return actor ? { cookie: cookies[actor.email]! } : {};
  };
  // A visitor is sent to log in; a guest opening a page is sent home (no dashboard); any other refusal is a 403.
  const expectRefused = (who: Who, outcome: RouteOutcome, write = false) => {
    if (who === "visitor" || (who === "guest" && !write)) {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toMatch(who === "visitor" ? /\/login/ : /^\/(he)?$/);
    } else expect(outcome.status).toBe(403);
  };
  beforeEach(async () => {
    await database.db.insert(restaurantOwners).values({ restaurant_id: ids.agada!, user_id: linked.id });
  });

  it("shows the import page and takes a file from admins only", async () => {
    for (const who of EVERYONE) {
      const page = await callRoute(registerLoader, services, "/dashboard/register", cookieOf(who));
      const form = new FormData();
      form.set("file", new File([new Uint8Array(csv(COMPLETE))], "complete.csv", { type: "text/csv" }));
      form.set("publishedOn", "2026-11-15");
      const posted = await callRoute(registerAction, services, "/he/dashboard/register", {
        ...cookieOf(who),
        multipart: form,
      });
      if (who === "admin") {
        expect(page.status).toBe(200);
        expect(posted.status).toBe(302);
        const [snapshot] = await database.db.select().from(registerSnapshots);
        expect(posted.location).toBe(`/he/dashboard/register/${snapshot!.id}`);
      } else {
        expectRefused(who, page);
        expectRefused(who, posted, true);
        expect(await database.db.select().from(registerSnapshots)).toEqual([]);
      }
    }
  });

  it("answers a bad upload in the page's language, storing nothing", async () => {
    const post = async (form: FormData) =>
      callRoute(registerAction, services, "/he/dashboard/register", { cookie: cookies[admin.email]!, multipart: form });
    const empty = await post(new FormData());
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ error: "register.fileRequired", errors: { file: "register.fileRequired" } });
    const form = new FormData();
    form.set("file", new File(["not a register"], "x.txt"));
    expect((await post(form)).status).toBe(400);
    // A partial list: refused with the override field's message, and kept once a reason is given.
    await importRegister(services, admin, { fileName: "c.csv", data: csv(COMPLETE) }, NOW);
    const short = new FormData();
    short.set("file", new File([new Uint8Array(csv(COMPLETE.slice(0, 3)))], "short.csv"));
    const refused = await post(short);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      error: "register.partialShort",
      errors: { overrideReason: "register.overrideRequired" },
    });
    short.set("overrideReason", "Half the site was down");
    expect((await post(short)).status).toBe(302);
    expect(await database.db.select().from(registerSnapshots)).toHaveLength(2);
    // Larger than the door takes (a 50 MB file): the door read its fields only; the file's message, nothing kept.
    const oversized = { ...services, oversizedForm: { fields: { publishedOn: "2026-11-15" }, files: ["file"] } };
    const large = await callRoute(registerAction, oversized, "/he/dashboard/register", {
      cookie: cookies[admin.email]!,
      multipart: new FormData(),
    });
    expect(large.status).toBe(413);
    expect(large.data).toMatchObject({ error: "register.fileTooLarge", publishedOn: "2026-11-15" });
    expect(await database.db.select().from(registerSnapshots)).toHaveLength(2);
  });

  it("shows a snapshot's review and takes its buttons from admins only", async () => {
    const { snapshotId } = await importRegister(services, admin, { fileName: "c.csv", data: csv(COMPLETE) }, NOW);
    const url = `/dashboard/register/${snapshotId}`;
    const [lead] = await database.db.select().from(registerEntries).where(eq(registerEntries.name, "שמש"));
    for (const who of EVERYONE.filter((one) => one !== "admin")) {
      const page = await callRoute(reviewLoader, services, `${url}?grade=new&page=1`, {
        ...cookieOf(who),
        params: { id: snapshotId },
      });
      const forms: Record<string, string>[] = [
        { intent: "renew" },
        { intent: "lead", entryId: lead!.id },
        { intent: "leads" },
        { intent: "discard" },
      ];
      const posts = await Promise.all(
        forms.map((form) =>
          callRoute(reviewAction, services, url, { ...cookieOf(who), params: { id: snapshotId }, form }),
        ),
      );
      expectRefused(who, page);
      for (const posted of posts) expectRefused(who, posted, true);
    }
    expect((await rowOf("agada")).certificate_valid_until).toBe("2026-10-02");
    expect(await database.db.select().from(suggestions)).toEqual([]);
    const admins = { cookie: cookies[admin.email]!, params: { id: snapshotId } };
    const page = await callRoute(reviewLoader, services, `${url}?grade=new`, admins);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ grade: "new", offer: { validUntil: "2027-04-20", count: 2 }, openLeads: 3 });
    // Without a grade asked, the first grade with entries: a list pairing nothing opens on its new entries.
    expect((await callRoute(reviewLoader, services, url, admins)).data).toMatchObject({ grade: "exact" });
    const unpaired = await importRegister(
      services,
      admin,
      { fileName: "u.csv", data: csv([["מקום שאין כמוהו", "מסעדה בשרית", "הרצל 999"]]), overrideReason: "one row" },
      NOW,
    );
    const opened = await callRoute(reviewLoader, services, `/dashboard/register/${unpaired.snapshotId}`, {
      ...admins,
      params: { id: unpaired.snapshotId },
    });
    expect(opened.data).toMatchObject({ grade: "new", counts: { exact: 0, probable: 0, review: 0, new: 1 } });
    const gone = await insertRestaurant(database.db, {
      slug: "not-in-the-register",
      name_en: "Gone",
      name_he: "נעלם",
      address: "9 Nowhere St",
      certificate_body: "rabbinate_tel_aviv",
      certificate_valid_until: "2026-10-02",
    });
    const renewed = await callRoute(reviewAction, services, url, { ...admins, form: { intent: "renew" } });
    expect(renewed.status).toBe(302);
    expect((await rowOf("agada")).certificate_valid_until).toBe("2027-04-20");
    // With the renewal, this complete register's Rabbinate listings it does not list are flagged (the revoked one is not).
    const flagged = await database.db.select().from(registerMissing);
    expect(flagged.map((row) => row.restaurant_id)).toEqual([gone.id]);
    expect((await database.db.select().from(restaurants).where(eq(restaurants.id, gone.id)))[0]).toMatchObject({
      certificate_valid_until: "2026-10-02",
      certificate_revoked_on: null,
    });
    const refusals: Record<string, string>[] = [
      { intent: "nonsense" },
      { intent: "confirm", entryId: "x" },
      { intent: "renew" },
    ];
    for (const form of refusals) {
      const refused = await callRoute(reviewAction, services, url, { ...admins, form });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    const missing = await callRoute(reviewLoader, services, "/dashboard/register/nope", {
      ...admins,
      params: { id: "nope" },
    });
    expect(missing.status).toBe(404);
  });
});
