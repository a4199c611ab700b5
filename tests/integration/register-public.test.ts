// The register's public side (ADR 033) on a real database: a revoked list applied (at once, in the
// history, not undone by a later save; only an admin clears it, on the editor page), Rabbinate
// listings a complete register does not list flagged and their owners e-mailed once, an admin's
// decision on them, the city-wide batch date the pages are judged with, and the Valid certificate
// filter on both search paths. The snapshots are written here as an import would leave them.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { certificateBatchDay } from "../../app/features/restaurants/certificate/batch-day.server";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import {
  applyRevocations,
  clearRevocation,
  decideMissing,
  flagMissing,
} from "../../app/features/restaurants/register/index.server";
import { EMPTY_FILTERS } from "../../app/features/restaurants/search/filters";
import { applyFilters } from "../../app/features/restaurants/search/matching";
import { decodeIndex, toIndexRow } from "../../app/features/restaurants/search/search-index";
import { searchDirectory } from "../../app/features/restaurants/search/search-query.server";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import type { AppServices } from "../../app/lib/context";
import type { EmailContent } from "../../app/lib/emails";
import { AppError } from "../../app/lib/errors";
import { dashboardEditPath } from "../../app/lib/member-paths";
import { SYSTEM } from "../../app/lib/permissions.server";
import { action as editorAction, loader as editorLoader } from "../../app/routes/dashboard/restaurant";
import { loader as restaurantLoader } from "../../app/routes/restaurant";
import { insertRestaurant } from "../../database/factories";
import type { MatchGrade, RegisterList } from "../../database/register";
import { registerEntries, registerMissing, registerSnapshots } from "../../database/schema/register";
import {
  restaurantChanges,
  restaurantOwners,
  restaurants,
  type NewRestaurantRow,
} from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";
import type { MetaDescriptor } from "react-router";
import { titleOf } from "../setup/meta";

type Who = "admin" | "owner" | "otherOwner" | "guest";

let database: TestDatabase;
let services: AppServices;
let outbox: { to: string; content: EmailContent }[] = [];
const users: Partial<Record<Who, { id: string; email: string; role: "admin" | "owner" | "guest"; cookie: string }>> =
  {};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, { sendEmail: async (to, content) => void outbox.push({ to, content }) });
  for (const [who, role] of [
    ["admin", "admin"],
    ["owner", "owner"],
    ["otherOwner", "owner"],
    ["guest", "guest"],
  ] as const) {
    const user = await signedInUser(services, { email: `${who.toLowerCase()}@register-public.example`, role });
    users[who] = { id: user.id, email: user.email, role, cookie: user.cookie };
  }
});
beforeEach(async () => {
  await database.db.delete(registerSnapshots);
  await database.db.delete(restaurants);
  await database.db.delete(restaurantChanges);
  outbox = [];
});
afterAll(async () => {
  await database?.destroy();
});

const actor = (who: Who) => users[who]!;
const RABBINATE = { certificate_body: "rabbinate_tel_aviv", certificate_valid_until: "2027-04-20", kashrut: "rabanut" };
const place = (slug: string, overrides: Partial<NewRestaurantRow> = {}) =>
  insertRestaurant(database.db, {
    slug,
    name_en: slug,
    name_he: `מקום ${slug}`,
    ...RABBINATE,
    ...overrides,
  } as Partial<NewRestaurantRow>);
const rowOf = async (id: string) => (await database.db.select().from(restaurants).where(eq(restaurants.id, id)))[0]!;
const historyOf = (id: string) =>
  database.db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, id));

/** A snapshot as an import leaves it, with one entry per pairing given. */
async function snapshot(
  list: RegisterList,
  publishedOn: string,
  pairs: { restaurantId: string | null; grade: MatchGrade; outcome?: "dismissed" }[],
  partial = false,
) {
  const [made] = await database.db
    .insert(registerSnapshots)
    .values({
      list,
      shape: list === "revoked" ? "revokedList" : "scraperCsv",
      published_on: publishedOn,
      file_name: `${list}.csv`,
      row_count: pairs.length,
      ...(partial ? { partial_reason: "short" as const, override_reason: "the site was down half way" } : {}),
    })
    .returning();
  if (pairs.length > 0)
    await database.db.insert(registerEntries).values(
      pairs.map((pair, position) => ({
        snapshot_id: made!.id,
        position,
        raw: { post_title: `entry ${position}` },
        name: `entry ${position}`,
        restaurant_id: pair.restaurantId,
        grade: pair.grade,
        body: "rabbinate_tel_aviv" as const,
        ...(pair.outcome ? { outcome: pair.outcome } : {}),
      })),
    );
  return made!.id;
}

/** The restaurant page's loader on a given day (the services' clock, as the browser tests' x-test-now sets it). */
async function page(slug: string, day: string, language: "en" | "he" = "en") {
  const outcome = await callRoute(
    restaurantLoader,
    { ...services, now: () => new Date(`${day}T12:00:00+03:00`) },
    `/${language}/restaurant/${slug}`,
    { params: { slug } },
  );
  return outcome.data as {
    restaurant: { certificate?: Record<string, string> };
    clock: { today: string; batchDay?: string };
    meta: MetaDescriptor[];
  };
}

describe("a revoked list, applied", () => {
  it("revokes exact and probable pairings at once, in the history; review-grade, dismissed and unpaired entries change nothing", async () => {
    const exact = await place("exact-place");
    const probable = await place("probable-place", {
      certificate_body: null,
      certificate_valid_until: null,
      kashrut: "unknown",
    });
    const review = await place("review-place");
    const dismissed = await place("dismissed-place");
    const id = await snapshot("revoked", "2027-01-05", [
      { restaurantId: exact.id, grade: "exact" },
      { restaurantId: probable.id, grade: "probable" },
      { restaurantId: review.id, grade: "review" },
      { restaurantId: dismissed.id, grade: "probable", outcome: "dismissed" },
      { restaurantId: null, grade: "new" },
    ]);

    expect(await applyRevocations(services, actor("admin"), id)).toBe(2);
    expect((await rowOf(exact.id)).certificate_revoked_on).toBe("2027-01-05");
    // A listing that named no body was under the Rabbinate, whose list it is.
    // The spec's value follows the body, as at every write (the one kashrut model); the state reads revoked.
    expect(await rowOf(probable.id)).toMatchObject({
      certificate_revoked_on: "2027-01-05",
      certificate_body: "rabbinate_tel_aviv",
      kashrut: "rabanut",
    });
    expect((await rowOf(review.id)).certificate_revoked_on).toBeNull();
    expect((await rowOf(dismissed.id)).certificate_revoked_on).toBeNull();
    const [change] = await historyOf(exact.id);
    expect(change).toMatchObject({ action: "update", actor_email: actor("admin").email });
    expect(change!.changes).toEqual({ certificate_revoked_on: { old: null, new: "2027-01-05" } });
    expect(await historyOf(review.id)).toEqual([]);
    const outcomes = await database.db
      .select({ outcome: registerEntries.outcome })
      .from(registerEntries)
      .where(eq(registerEntries.snapshot_id, id))
      .orderBy(registerEntries.position);
    expect(outcomes.map((row) => row.outcome)).toEqual(["revoked", "revoked", null, "dismissed", null]);
    const [applied] = await database.db.select().from(registerSnapshots).where(eq(registerSnapshots.id, id));
    expect(applied).toMatchObject({ status: "applied", applied_by: actor("admin").id });

    // Applied again: nothing more, nothing recorded twice.
    expect(await applyRevocations(services, actor("admin"), id)).toBe(0);
    expect(await historyOf(exact.id)).toHaveLength(1);
  });

  it("the public page reads it at once, in both languages, and never 'kosher restaurant'", async () => {
    const revoked = await place("revoked-place");
    await applyRevocations(
      services,
      actor("admin"),
      await snapshot("revoked", "2027-01-05", [{ restaurantId: revoked.id, grade: "exact" }]),
    );
    const en = await page("revoked-place", "2027-02-01");
    expect(en.restaurant.certificate).toMatchObject({ revokedOn: "2027-01-05" });
    expect(titleOf(en.meta)).toBe("revoked-place | Restaurant in Tel Aviv (kosher certificate revoked)");
    expect(titleOf((await page("revoked-place", "2027-02-01", "he")).meta)).toContain("תעודת הכשרות בוטלה");
  });

  it("a later revoked list keeps the first list's date; a save of the listing's form does not undo it", async () => {
    const listing = await place("kept-revoked", { certificate_revoked_on: "2026-12-01" });
    await database.db.insert(restaurantOwners).values({ restaurant_id: listing.id, user_id: actor("owner").id });
    expect(
      await applyRevocations(
        services,
        actor("admin"),
        await snapshot("revoked", "2027-01-05", [{ restaurantId: listing.id, grade: "exact" }]),
      ),
    ).toBe(0);
    // The owner types a new date into the form: the revocation stays.
    const saved = await callRoute(editorAction, services, `/dashboard/edit/${listing.id}`, {
      cookie: actor("owner").cookie,
      params: { id: listing.id },
      json: {
        intent: "save",
        values: {
          ...EMPTY_FORM,
          nameEn: "kept-revoked",
          nameHe: "מקום",
          address: "1 Revoked St",
          kashrut: "rabanut",
          certificateBody: "rabbinate_tel_aviv",
          certificateValidUntil: "2027-09-20",
        },
      },
    });
    expect(saved.status).toBe(302);
    expect(await rowOf(listing.id)).toMatchObject({
      certificate_valid_until: "2027-09-20",
      certificate_revoked_on: "2026-12-01",
    });
  });

  it("only admins apply it; a register that is no revoked list, or no snapshot at all, is refused", async () => {
    const listing = await place("guarded");
    const id = await snapshot("revoked", "2027-01-05", [{ restaurantId: listing.id, grade: "exact" }]);
    for (const who of [null, actor("owner"), actor("guest")]) {
      await expect(applyRevocations(services, who as never, id)).rejects.toMatchObject({ code: "forbidden" });
    }
    const register = await snapshot("register", "2027-01-05", []);
    await expect(applyRevocations(services, actor("admin"), register)).rejects.toMatchObject({
      code: "invalid",
      messageKey: "registerAdmin.notRevokedList",
    });
    await expect(applyRevocations(services, actor("admin"), "not-an-id")).rejects.toBeInstanceOf(AppError);
    await expect(
      applyRevocations(services, actor("admin"), "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({ code: "notFound" });
    expect((await rowOf(listing.id)).certificate_revoked_on).toBeNull();
  });
});

describe("clearing a revocation (admins only, on the editor page)", () => {
  it("the editor shows admins the panel; an admin clears it, recorded; owners and guests are refused", async () => {
    const listing = await place("to-clear", { certificate_revoked_on: "2027-01-05" });
    await database.db.insert(restaurantOwners).values({ restaurant_id: listing.id, user_id: actor("owner").id });
    const url = `/en/dashboard/edit/${listing.id}`;
    const loaded = await callRoute(editorLoader, services, url, {
      cookie: actor("admin").cookie,
      params: { id: listing.id },
    });
    expect((loaded.data as { admin: { revokedOn?: string } }).admin.revokedOn).toBe("2027-01-05");

    for (const who of ["owner", "otherOwner", "guest"] as const) {
      const refused = await callRoute(editorAction, services, url, {
        cookie: actor(who).cookie,
        params: { id: listing.id },
        form: { intent: "clearRevocation" },
      });
      expect(refused.status, who).toBe(403);
    }
    const anonymous = await callRoute(editorAction, services, url, {
      params: { id: listing.id },
      form: { intent: "clearRevocation" },
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/login");
    await expect(clearRevocation(services, actor("owner"), listing.id)).rejects.toMatchObject({ code: "forbidden" });
    expect((await rowOf(listing.id)).certificate_revoked_on).toBe("2027-01-05");

    const cleared = await callRoute(editorAction, services, url, {
      cookie: actor("admin").cookie,
      params: { id: listing.id },
      form: { intent: "clearRevocation" },
    });
    expect(cleared).toMatchObject({ status: 302, location: dashboardEditPath(listing.id, "en") });
    expect((await rowOf(listing.id)).certificate_revoked_on).toBeNull();
    const [change] = await historyOf(listing.id);
    expect(change!.changes).toEqual({ certificate_revoked_on: { old: "2027-01-05", new: null } });
    expect((await page("to-clear", "2027-02-01")).restaurant.certificate).not.toHaveProperty("revokedOn");
  });

  it("a listing that is gone is answered with the panel's message, never a 500", async () => {
    const gone = "00000000-0000-4000-8000-000000000001";
    const answer = await callRoute(editorAction, services, `/en/dashboard/edit/${gone}`, {
      cookie: actor("admin").cookie,
      params: { id: gone },
      form: { intent: "clearRevocation" },
    });
    expect(answer).toMatchObject({ status: 404, data: { ok: false, error: "registerAdmin.clearFailed" } });
  });
});

describe("Rabbinate listings a complete register does not list", () => {
  it("are flagged, their owners e-mailed once in both languages; the public state is unchanged", async () => {
    const listed = await place("listed");
    const missing = await place("missing");
    const dismissed = await place("dismissed-pairing");
    const inReview = await place("in-review");
    const tzohar = await place("tzohar-place", { certificate_body: "tzohar", kashrut: "tzohar" });
    const closed = await place("closed-place", { is_permanently_closed: true });
    const revoked = await place("revoked-already", { certificate_revoked_on: "2027-01-05" });
    await database.db.insert(restaurantOwners).values([
      { restaurant_id: missing.id, user_id: actor("owner").id },
      { restaurant_id: missing.id, user_id: actor("otherOwner").id },
      { restaurant_id: listed.id, user_id: actor("owner").id },
    ]);
    const id = await snapshot("register", "2027-04-10", [
      { restaurantId: listed.id, grade: "exact" },
      { restaurantId: dismissed.id, grade: "review", outcome: "dismissed" },
      { restaurantId: inReview.id, grade: "review" },
    ]);

    const flagged = await flagMissing(services, actor("admin"), id);
    expect(flagged.sort()).toEqual([missing.id, dismissed.id].sort());
    for (const other of [listed, inReview, tzohar, closed, revoked]) expect(flagged).not.toContain(other.id);
    expect(outbox.map((mail) => mail.to).sort()).toEqual([actor("owner").email, actor("otherOwner").email].sort());
    const mail = outbox[0]!.content;
    expect(mail.subject).toContain("Not in the Rabbinate's register: missing");
    expect(mail.text).toContain("published on April 10, 2027 does not list missing");
    expect(mail.text).toContain("10 באפריל 2027");
    expect(mail.text).toContain(`http://127.0.0.1/dashboard/edit/${missing.id}`);
    const flags = await database.db.select().from(registerMissing).where(eq(registerMissing.snapshot_id, id));
    expect(flags.find((flag) => flag.restaurant_id === missing.id)?.notified_at).toBeInstanceOf(Date);
    // No owners: nobody to tell.
    expect(flags.find((flag) => flag.restaurant_id === dismissed.id)?.notified_at).toBeNull();
    // Nothing on the listing changed.
    expect(await rowOf(missing.id)).toMatchObject({
      certificate_valid_until: "2027-04-20",
      register_published_on: null,
    });
    expect(await historyOf(missing.id)).toEqual([]);

    // Run again: the same flags, no second e-mail.
    outbox = [];
    expect((await flagMissing(services, actor("admin"), id)).sort()).toEqual([missing.id, dismissed.id].sort());
    expect(outbox).toEqual([]);
    // A later register that misses it too while the first flag waits: flagged, not e-mailed again.
    const later = await snapshot("register", "2027-09-10", [{ restaurantId: listed.id, grade: "exact" }]);
    expect(await flagMissing(services, actor("admin"), later)).toContain(missing.id);
    expect(outbox).toEqual([]);
  });

  it("a partial (overridden) list flags nothing; a revoked list is refused; only admins flag", async () => {
    const missing = await place("missing");
    expect(await flagMissing(services, actor("admin"), await snapshot("register", "2027-04-10", [], true))).toEqual([]);
    expect(await database.db.$count(registerMissing)).toBe(0);
    await expect(
      flagMissing(services, actor("admin"), await snapshot("revoked", "2027-04-10", [])),
    ).rejects.toMatchObject({ code: "invalid", messageKey: "registerAdmin.notCompleteRegister" });
    const id = await snapshot("register", "2027-04-10", []);
    for (const who of [null, actor("owner"), actor("guest")])
      await expect(flagMissing(services, who as never, id)).rejects.toMatchObject({ code: "forbidden" });
    expect(await database.db.$count(registerMissing)).toBe(0);
    expect(missing.id).toBeTruthy();
  });

  it("an admin keeps one (nothing changes) or ends one (expired at once, no grace, in the history); once each", async () => {
    const kept = await place("kept");
    const ended = await place("ended");
    const id = await snapshot("register", "2027-04-10", []);
    await flagMissing(services, actor("admin"), id);

    await decideMissing(services, actor("admin"), id, kept.id, "kept");
    expect(await rowOf(kept.id)).toMatchObject({ certificate_valid_until: "2027-04-20", register_published_on: null });
    expect(await historyOf(kept.id)).toEqual([]);

    await decideMissing(services, actor("admin"), id, ended.id, "ended");
    expect(await rowOf(ended.id)).toMatchObject({
      certificate_valid_until: "2027-04-09",
      register_published_on: "2027-04-10",
    });
    const [change] = await historyOf(ended.id);
    expect(change!.changes).toMatchObject({
      certificate_valid_until: { old: "2027-04-20", new: "2027-04-09" },
      register_published_on: { old: null, new: "2027-04-10" },
    });
    const flags = await database.db
      .select()
      .from(registerMissing)
      .where(and(eq(registerMissing.snapshot_id, id), eq(registerMissing.restaurant_id, ended.id)));
    expect(flags[0]).toMatchObject({ decision: "ended", decided_by: actor("admin").id });
    // The day after: expired, not "renewal pending" (its register said so), and says which register.
    const data = await page("ended", "2027-04-11");
    expect(titleOf(data.meta)).toContain("kashrut supervision expired");
    expect(data.restaurant.certificate).toMatchObject({ registerPublishedOn: "2027-04-10" });

    await expect(decideMissing(services, actor("admin"), id, ended.id, "kept")).rejects.toMatchObject({
      code: "conflict",
    });
    const other = await place("not-flagged", { certificate_body: "tzohar" });
    await expect(decideMissing(services, actor("admin"), id, other.id, "ended")).rejects.toMatchObject({
      code: "notFound",
    });
    await expect(decideMissing(services, actor("admin"), id, kept.id, "maybe" as never)).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(decideMissing(services, actor("owner"), id, kept.id, "ended")).rejects.toMatchObject({
      code: "forbidden",
    });
    expect((await rowOf(kept.id)).certificate_valid_until).toBe("2027-04-20");
  });
});

describe("where a certificate's facts come from", () => {
  const save = (id: string, certificate: { certificateBody: string; certificateValidUntil: string }) =>
    callRoute(editorAction, services, `/dashboard/edit/${id}`, {
      cookie: actor("admin").cookie,
      params: { id },
      json: {
        intent: "save",
        values: {
          ...EMPTY_FORM,
          nameEn: "from-register",
          nameHe: "מקום",
          address: "1 Register St",
          certificateLevel: "regular",
          ...certificate,
        },
      },
    });

  it("a save that keeps the register's facts keeps its date; a date or body typed by hand no longer cites the register", async () => {
    const listing = await place("from-register", { certificate_level: "regular", register_published_on: "2026-11-01" });
    expect(
      (await save(listing.id, { certificateBody: "rabbinate_tel_aviv", certificateValidUntil: "2027-04-20" })).status,
    ).toBe(302);
    expect((await rowOf(listing.id)).register_published_on).toBe("2026-11-01");

    expect(
      (await save(listing.id, { certificateBody: "rabbinate_tel_aviv", certificateValidUntil: "2027-05-01" })).status,
    ).toBe(302);
    expect(await rowOf(listing.id)).toMatchObject({
      certificate_valid_until: "2027-05-01",
      register_published_on: null,
    });
    const changes = (await historyOf(listing.id)).map((change) => change.changes);
    expect(changes).toContainEqual(
      expect.objectContaining({ register_published_on: { old: "2026-11-01", new: null } }),
    );

    const other = await place("to-tzohar", { certificate_level: "regular", register_published_on: "2026-11-01" });
    expect((await save(other.id, { certificateBody: "tzohar", certificateValidUntil: "2027-04-20" })).status).toBe(302);
    expect((await rowOf(other.id)).register_published_on).toBeNull();
  });
});

describe("the city-wide batch date", () => {
  it("is the last day at least half (and at least five) of the open, unrevoked Rabbinate certificates share", async () => {
    for (let i = 0; i < 4; i++) await place(`batch-${i}`);
    await place("other-day", { certificate_valid_until: "2027-03-01" });
    await place("another-day", { certificate_valid_until: "2027-05-01" });
    await place("tzohar-batch", { certificate_body: "tzohar", kashrut: "tzohar" });
    // Four of six: not yet five.
    expect(await certificateBatchDay(database.db)).toBeNull();
    await place("batch-4");
    expect(await certificateBatchDay(database.db)).toBe("2027-04-20");
    // Revoked and closed listings do not count: four of six again.
    await database.db
      .update(restaurants)
      .set({ certificate_revoked_on: "2027-01-05" })
      .where(eq(restaurants.slug, "batch-0"));
    expect(await certificateBatchDay(database.db)).toBeNull();
  });

  it("the restaurant page is judged with it: after the date, within the grace, the city's renewal", async () => {
    for (let i = 0; i < 5; i++) await place(`batch-${i}`);
    await place("other-day", { certificate_valid_until: "2027-03-01" });
    const after = await page("batch-0", "2027-04-23");
    expect(after.clock).toMatchObject({ today: "2027-04-23", batchDay: "2027-04-20" });
    // Still "kosher" (renewal pending) in its title, not its own failure.
    expect(titleOf(after.meta)).toBe("batch-0 | Kosher restaurant (Rabanut) in Tel Aviv");
  });
});

describe("the Valid certificate filter, on both search paths", () => {
  it("drops a revoked certificate and one a later register ended, keeps the batch's pending ones", async () => {
    await place("valid-place", { certificate_valid_until: "2027-06-01" });
    await place("pending-place", { certificate_valid_until: "2027-04-20" });
    await place("revoked-place", { certificate_valid_until: "2027-06-01", certificate_revoked_on: "2027-01-05" });
    await place("ended-place", { certificate_valid_until: "2027-04-09", register_published_on: "2027-04-10" });
    const clock = { today: "2027-04-23", maxAgeDays: 180, graceDays: 30 };
    const state = { ...EMPTY_FILTERS, validCertificate: true };
    const expected = ["pending-place", "valid-place"];
    const all = await listRestaurants(database.db);
    const index = decodeIndex(JSON.parse(JSON.stringify(all.map(toIndexRow))));
    expect(
      applyFilters(all, state, clock)
        .map((r) => r.slug)
        .sort(),
    ).toEqual(expected);
    expect(
      applyFilters(index, state, clock)
        .map((r) => r.slug)
        .sort(),
    ).toEqual(expected);
    const found = await searchDirectory(database.db, state, { clock, limit: 100 });
    expect(found.restaurants.map((r) => r.slug).sort()).toEqual(expected);
  });
});

// The SYSTEM actor (scripts) may apply too.
describe("scripts", () => {
  it("apply a revoked list as SYSTEM, recorded without a user", async () => {
    const listing = await place("script-place");
    expect(
      await applyRevocations(
        services,
        SYSTEM,
        await snapshot("revoked", "2027-01-05", [{ restaurantId: listing.id, grade: "exact" }]),
      ),
    ).toBe(1);
    const [change] = await historyOf(listing.id);
    expect(change).toMatchObject({ actor_id: null, actor_email: "system" });
  });
});
