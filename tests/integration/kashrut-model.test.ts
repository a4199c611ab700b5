// One kashrut model (ADR 032): the migration that made the spec's kashrut value and the certificate
// one, run on rows shaped as before it (nothing lost; disagreements listed); the form's save writing
// the value from the certificate (and settling a disagreement); and the admins' list at
// /dashboard/kashrut with its two actions, its refusals and its permissions.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listDisagreements } from "../../app/features/restaurants/editing/disagreements.server";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import { settleKashrut } from "../../app/features/restaurants/editing/manage.server";
import type { AppServices } from "../../app/lib/context";
import { AppError } from "../../app/lib/errors";
import { SYSTEM } from "../../app/lib/permissions.server";
import { action as kashrutAction, loader as kashrutLoader } from "../../app/routes/dashboard/kashrut";
import { loader as layoutLoader } from "../../app/routes/dashboard/layout";
import { action as editorAction } from "../../app/routes/dashboard/restaurant";
import { insertRestaurant } from "../../database/factories";
import { kashrutDisagreements } from "../../database/schema/register";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { startPglite } from "../../server/data/database";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../drizzle");
const THE_MIGRATION = "0020_kashrut_model_and_register.sql";

describe("the migration to one kashrut model, on rows shaped as before it", () => {
  it("fills the body a value implies, keeps what was given, lists each disagreement, and loses nothing", async () => {
    const client = await startPglite({});
    try {
      const files = readdirSync(MIGRATIONS)
        .filter((file) => file.endsWith(".sql"))
        .sort();
      for (const file of files.filter((name) => name < THE_MIGRATION))
        await client.exec(readFileSync(path.join(MIGRATIONS, file), "utf8"));
      // Rows as they stood: a spec value, with or without a certificate's body.
      const rows: [string, string, string | null, string | null, string[]][] = [
        ["rabanut-bare", "rabanut", null, null, ["Meat"]],
        ["mehadrin-bare", "mehadrin", null, null, ["Dairy"]],
        ["tzohar-bare", "tzohar", null, null, []],
        ["unknown-bare", "unknown", null, null, ["Meat", "Dairy"]],
        ["rabanut-agrees", "rabanut", "rabbinate_tel_aviv", "regular", []],
        ["mehadrin-badatz", "mehadrin", "badatz_landau", null, []],
        ["rabanut-says-badatz", "rabanut", "badatz_beit_yosef", "mehadrin", []],
        ["tzohar-says-rabbinate", "tzohar", "rabbinate_tel_aviv", "mehadrin", []],
        ["unknown-says-tzohar", "unknown", "tzohar", null, []],
        ["mehadrin-says-none", "mehadrin", "none", null, []],
        ["unknown-none", "unknown", "none", null, []],
      ];
      for (const [slug, kashrut, body, level, tags] of rows)
        await client.query(
          `insert into restaurants (slug, name_en, address, kashrut, certificate_body, certificate_level,
             certificate_number, certificate_valid_until, tags)
           values ($1, $1, '1 Test St', $2, $3, $4, $5, $6, $7)`,
          [slug, kashrut, body, level, body ? "TA-1" : null, body ? "2027-04-20" : null, tags],
        );
      const before = await client.query<Record<string, unknown>>("select * from restaurants order by slug");

      await client.exec(readFileSync(path.join(MIGRATIONS, THE_MIGRATION), "utf8"));

      const after = await client.query<{
        slug: string;
        kashrut: string;
        certificate_body: string | null;
        certificate_level: string | null;
        certificate_number: string | null;
        kosher_kind: string | null;
      }>("select * from restaurants order by slug");
      const bySlug = new Map(after.rows.map((row) => [row.slug, row]));
      const facts = (slug: string) => {
        const row = bySlug.get(slug)!;
        return [row.kashrut, row.certificate_body, row.certificate_level];
      };
      // Nothing is lost: every row is there, with its value as it was, and every given fact kept.
      expect(after.rows).toHaveLength(rows.length);
      for (const [slug, kashrut, body, level] of rows) {
        expect(bySlug.get(slug)!.kashrut, slug).toBe(kashrut);
        if (body !== null) expect(facts(slug), slug).toEqual([kashrut, body, level]);
      }
      for (const row of before.rows)
        expect(bySlug.get(row.slug as string)!.certificate_number).toBe(row.certificate_number);
      // A bare value gets the body it implies: in Tel Aviv, the Rabbinate's.
      expect(facts("rabanut-bare")).toEqual(["rabanut", "rabbinate_tel_aviv", "regular"]);
      expect(facts("mehadrin-bare")).toEqual(["mehadrin", "rabbinate_tel_aviv", "mehadrin"]);
      expect(facts("tzohar-bare")).toEqual(["tzohar", "tzohar", null]);
      expect(facts("unknown-bare")).toEqual(["unknown", null, null]);
      // Meat or dairy where the tags said one and not the other.
      expect(bySlug.get("rabanut-bare")!.kosher_kind).toBe("meat");
      expect(bySlug.get("mehadrin-bare")!.kosher_kind).toBe("dairy");
      expect(bySlug.get("unknown-bare")!.kosher_kind).toBeNull();
      // Each disagreement is listed with what both inputs said; an agreeing row is not.
      const listed = await client.query<{ slug: string; kashrut: string; certificate_body: string }>(
        `select r.slug, d.kashrut, d.certificate_body from kashrut_disagreements d
         join restaurants r on r.id = d.restaurant_id order by r.slug`,
      );
      expect(listed.rows).toEqual([
        { slug: "mehadrin-says-none", kashrut: "mehadrin", certificate_body: "none" },
        { slug: "rabanut-says-badatz", kashrut: "rabanut", certificate_body: "badatz_beit_yosef" },
        { slug: "tzohar-says-rabbinate", kashrut: "tzohar", certificate_body: "rabbinate_tel_aviv" },
        { slug: "unknown-says-tzohar", kashrut: "unknown", certificate_body: "tzohar" },
      ]);
    } finally {
      await client.close();
    }
  });
});

type Who = "owner" | "linkedOwner" | "admin" | "guest";
let database: TestDatabase;
let services: AppServices;
const cookies: Partial<Record<Who, string>> = {};
const users: Partial<Record<Who, string>> = {};
const as = (who: Who | "anonymous") => (who === "anonymous" ? {} : { cookie: cookies[who]! });

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  for (const [who, role] of [
    ["owner", "owner"],
    ["linkedOwner", "owner"],
    ["admin", "admin"],
    ["guest", "guest"],
  ] as const) {
    const user = await signedInUser(services, { email: `${who.toLowerCase()}@kashrut.example`, role });
    cookies[who] = user.cookie;
    users[who] = user.id;
  }
});
afterAll(async () => database?.destroy());

let disagreeing: string;
let agreeing: string;
beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(restaurantChanges);
  const row = await insertRestaurant(database.db, {
    slug: "two-minds",
    name_en: "Two Minds",
    name_he: "שתי דעות",
    kashrut: "rabanut",
    certificate_body: "badatz_beit_yosef",
    certificate_level: "mehadrin",
    certificate_number: "BY-7",
    certificate_valid_until: "2027-04-20",
  });
  disagreeing = row.id;
  agreeing = (
    await insertRestaurant(database.db, {
      slug: "one-mind",
      kashrut: "tzohar",
      certificate_body: "tzohar",
    })
  ).id;
  await database.db.insert(kashrutDisagreements).values({
    restaurant_id: disagreeing,
    kashrut: "rabanut",
    certificate_body: "badatz_beit_yosef",
    certificate_level: "mehadrin",
  });
  await database.db.insert(restaurantOwners).values({ restaurant_id: disagreeing, user_id: users.linkedOwner! });
});

const stored = async (id: string) => (await database.db.select().from(restaurants).where(eq(restaurants.id, id)))[0]!;
const openRow = async (id: string) =>
  (await database.db.select().from(kashrutDisagreements).where(eq(kashrutDisagreements.restaurant_id, id)))[0];

describe("the kashrut to settle (/dashboard/kashrut)", () => {
  it("lists, for admins, each listing's shown value beside the certificate's reading, and counts them in the nav", async () => {
    const page = await callRoute(kashrutLoader, services, "/dashboard/kashrut", as("admin"));
    expect(page.status).toBe(200);
    expect(page.data).toEqual({
      disagreements: [
        {
          id: disagreeing,
          slug: "two-minds",
          name: { en: "Two Minds", he: "שתי דעות" },
          kashrut: "rabanut",
          body: "badatz_beit_yosef",
          level: "mehadrin",
          derived: "mehadrin",
        },
      ],
    });
    const nav = await callRoute(layoutLoader, services, "/dashboard", as("admin"));
    expect(nav.data).toMatchObject({ openDisagreements: 1 });
    const ownerNav = await callRoute(layoutLoader, services, "/dashboard", as("linkedOwner"));
    expect(ownerNav.data).toMatchObject({ openDisagreements: null });
  });

  it("is the admins' alone: anonymous visitors are sent to sign in; guests and owners, linked or not, are refused", async () => {
    for (const who of ["anonymous", "guest", "owner", "linkedOwner"] as const) {
      const page = await callRoute(kashrutLoader, services, "/dashboard/kashrut", as(who));
      const post = await callRoute(kashrutAction, services, "/dashboard/kashrut", {
        ...as(who),
        form: { restaurantId: disagreeing, choice: "certificate" },
      });
      for (const outcome of [page, post]) {
        if (who === "anonymous") expect(outcome.status, who).toBe(302);
        // A guest has no dashboard: its page sends them home, its post is refused.
        else if (who === "guest") expect(outcome.status, who).toBe(outcome === page ? 302 : 403);
        else expect(outcome.status, who).toBe(403);
      }
    }
    await expect(
      settleKashrut(database.db, { id: users.linkedOwner!, email: "x", role: "owner" }, disagreeing, "certificate"),
    ).rejects.toMatchObject({ code: "forbidden" });
    const row = await stored(disagreeing);
    expect([row.kashrut, row.certificate_body]).toEqual(["rabanut", "badatz_beit_yosef"]);
    expect((await openRow(disagreeing))!.settled_at).toBeNull();
  });

  it("keeps the certificate: the value becomes its reading, recorded in the history, and the row is settled", async () => {
    const done = await callRoute(kashrutAction, services, "/dashboard/kashrut", {
      ...as("admin"),
      form: { restaurantId: disagreeing, choice: "certificate" },
    });
    expect(done.status).toBe(302);
    const row = await stored(disagreeing);
    expect([row.kashrut, row.certificate_body, row.certificate_level, row.certificate_number]).toEqual([
      "mehadrin",
      "badatz_beit_yosef",
      "mehadrin",
      "BY-7",
    ]);
    const settled = await openRow(disagreeing);
    expect(settled!.settled_by).toBe(users.admin);
    expect(settled!.settled_at).not.toBeNull();
    const history = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, disagreeing));
    expect(history.map((change) => change.changes)).toEqual([{ kashrut: { old: "rabanut", new: "mehadrin" } }]);
    const page = await callRoute(kashrutLoader, services, "/he/dashboard/kashrut", as("admin"));
    expect(page.data).toEqual({ disagreements: [] });
  });

  it("keeps the Kashrut value: the certificate takes the body and level it implies, its number and date kept", async () => {
    await settleKashrut(database.db, SYSTEM, disagreeing, "kashrut");
    const row = await stored(disagreeing);
    expect([row.kashrut, row.certificate_body, row.certificate_level, row.certificate_number]).toEqual([
      "rabanut",
      "rabbinate_tel_aviv",
      "regular",
      "BY-7",
    ]);
    expect(row.certificate_valid_until).toBe("2027-04-20");
    expect((await openRow(disagreeing))!.settled_at).not.toBeNull();
    // Settled once: a second choice finds nothing left to settle, and changes nothing.
    await expect(settleKashrut(database.db, SYSTEM, disagreeing, "certificate")).rejects.toMatchObject({
      code: "notFound",
      messageKey: "kashrutModel.notFound",
    });
    expect((await stored(disagreeing)).kashrut).toBe("rabanut");
  });

  it("answers a choice off the list, a listing with nothing to settle or not an id with a message, changing nothing", async () => {
    for (const form of [
      { restaurantId: disagreeing, choice: "both" },
      { restaurantId: agreeing, choice: "certificate" },
      { restaurantId: "not-an-id", choice: "kashrut" },
      { restaurantId: "", choice: "" },
    ]) {
      const answer = await callRoute(kashrutAction, services, "/he/dashboard/kashrut", { ...as("admin"), form });
      expect(answer.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(form)).toBeLessThan(500);
      expect((answer.data as { error: string }).error).toMatch(/^kashrutModel\.(choiceInvalid|notFound)$/);
    }
    expect((await stored(disagreeing)).kashrut).toBe("rabanut");
    expect((await stored(agreeing)).certificate_body).toBe("tzohar");
    expect((await openRow(disagreeing))!.settled_at).toBeNull();
    expect(new AppError("invalid", "kashrutModel.choiceInvalid").status).toBe(400);
  });

  it("is settled by a save of the listing's form too, which writes the value from the certificate", async () => {
    const saved = await callRoute(editorAction, services, `/dashboard/edit/${disagreeing}`, {
      ...as("linkedOwner"),
      params: { id: disagreeing },
      json: {
        intent: "save",
        values: {
          ...EMPTY_FORM,
          nameEn: "Two Minds",
          address: "1 Test St",
          // A stale value beside the certificate is not what is stored: the certificate's reading is.
          kashrut: "rabanut",
          certificateBody: "badatz_beit_yosef",
          certificateLevel: "mehadrin",
          kosherKind: "dairy",
        },
      },
    });
    expect(saved.status).toBe(302);
    const row = await stored(disagreeing);
    expect([row.kashrut, row.certificate_body, row.kosher_kind]).toEqual(["mehadrin", "badatz_beit_yosef", "dairy"]);
    expect((await openRow(disagreeing))!.settled_by).toBe(users.linkedOwner);
    expect(await listDisagreements(database.db, SYSTEM)).toEqual([]);
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(and(eq(restaurantChanges.restaurant_id, disagreeing), eq(restaurantChanges.action, "update")));
    expect(change!.changes).toMatchObject({
      kashrut: { old: "rabanut", new: "mehadrin" },
      kosher_kind: { old: null, new: "dairy" },
    });
  });

  it("refuses bad kashrut input on the form with field messages, saving nothing", async () => {
    const refused = await callRoute(editorAction, services, `/he/dashboard/edit/${disagreeing}`, {
      ...as("admin"),
      params: { id: disagreeing },
      json: {
        intent: "save",
        values: {
          ...EMPTY_FORM,
          nameEn: "Two Minds",
          address: "1 Test St",
          kosherKind: "fleishig",
          certificateLevel: "top",
        },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { kosherKind: "kashrutModel.kindInvalid", certificateLevel: "form.certificateLevelInvalid" },
    });
    expect((await stored(disagreeing)).kosher_kind).toBeNull();
    expect((await openRow(disagreeing))!.settled_at).toBeNull();
  });
});

describe("the kashrut to settle, fuzzed", () => {
  it("answers any form from anyone without a 5xx; only an admin's valid choice on an open listing changes anything", async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("certificate", "kashrut", " certificate", "KASHRUT", "__proto__", "", "\u0000"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Who | "anonymous">("anonymous", "guest", "owner", "linkedOwner", "admin"),
        fc.oneof(
          field,
          fc.constantFrom("agreeing", "disagreeing", "00000000-0000-4000-8000-000000000000", "' or 1=1 --"),
        ),
        field,
        async (who, id, choice) => {
          const restaurantId = id === "agreeing" ? agreeing : id === "disagreeing" ? disagreeing : id;
          // The one request that should change something (tested above) is left out.
          fc.pre(!(who === "admin" && id === "disagreeing" && (choice === "certificate" || choice === "kashrut")));
          const answer = await callRoute(kashrutAction, services, "/dashboard/kashrut", {
            ...as(who),
            form: { restaurantId, choice },
          });
          expect(answer.status).toBeLessThan(500);
          expect((await stored(disagreeing)).kashrut).toBe("rabanut");
          expect((await openRow(disagreeing))!.settled_at).toBeNull();
          expect((await stored(agreeing)).kashrut).toBe("tzohar");
        },
      ),
      { numRuns: 60 },
    );
  });
});
