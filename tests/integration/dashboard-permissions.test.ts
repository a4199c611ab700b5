// The authorization matrix: every dashboard loader and action, for each kind of user, decided on
// the server — and a refused write changes nothing.
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "../../app/lib/context";
import { action as indexAction, loader as indexLoader } from "../../app/routes/dashboard/index";
import { loader as layoutLoader } from "../../app/routes/dashboard/layout";
import { action as editorAction, loader as editorLoader } from "../../app/routes/dashboard/restaurant";
import { action as usersAction, loader as usersLoader } from "../../app/routes/dashboard/users";
import { action as certificatesAction, loader as certificatesLoader } from "../../app/routes/dashboard/certificates";
import { action as claimsAction, loader as claimsLoader } from "../../app/routes/dashboard/claims";
import { action as claimAction, loader as claimLoader } from "../../app/routes/claim";
import { claims } from "../../database/schema/lifecycle";
import { action as suggestionsAction, loader as suggestionsLoader } from "../../app/routes/dashboard/suggestions";
import { suggestions } from "../../database/schema/lifecycle";
import { action as pesachAction, loader as pesachLoader } from "../../app/routes/dashboard/pesach";
import { insertRestaurant } from "../../database/factories";
import { users } from "../../database/schema/auth";
import { userRoles } from "../../database/schema/people";
import { restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { kashrutDisagreements } from "../../database/schema/register";
import { imageFiles } from "../../app/lib/images";
import { createLocalStorage } from "../../server/uploads/storage";
import { heldFileAccess } from "../../app/features/restaurants/editing/held-files.server";
import { uploads } from "../../database/schema/uploads";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser, type RouteOutcome } from "../setup/routes";
import { createServices } from "../setup/services";
import { action as alertsAction, loader as alertsLoader } from "../../app/routes/account-alerts";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../../app/routes/alerts-unsubscribe";
import { alertSettings } from "../../database/schema/alerts";
import { loader as statisticsLoader } from "../../app/routes/dashboard/statistics";
import { loader as statisticsCsvLoader } from "../../app/routes/dashboard/statistics-csv";
import { loader as searchesLoader } from "../../app/routes/dashboard/searches";
import { action as kashrutAction, loader as kashrutLoader } from "../../app/routes/dashboard/kashrut";

type Who = "visitor" | "guest" | "ownerUnlinked" | "ownerLinked" | "admin";
const EVERYONE: Who[] = ["visitor", "guest", "ownerUnlinked", "ownerLinked", "admin"];

let database: TestDatabase;
let services: AppServices;
let uploadsDir: string;
const cookies: Partial<Record<Who, string>> = {};
const ids: Record<string, string> = {};

async function makeUser(who: Exclude<Who, "visitor">, role: "guest" | "owner" | "admin") {
  const user = await signedInUser(services, { email: `${who.toLowerCase()}@matrix.example`, role, firstName: who });
  cookies[who] = user.cookie;
  ids[who] = user.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Files really stored and really removed, as the server does (one file per image width).
  uploadsDir = mkdtempSync(path.join(tmpdir(), "kta-matrix-"));
  const storage = createLocalStorage(uploadsDir);
  services = createServices(database.db, {
    files: { remove: async (url) => void (await Promise.all(imageFiles(url).map((one) => storage.remove(one)))) },
  });
  await makeUser("guest", "guest");
  await makeUser("ownerUnlinked", "owner");
  await makeUser("ownerLinked", "owner");
  await makeUser("admin", "admin");
});
// Every test starts from the same restaurants: "Matrix Place" alone, linked to ownerLinked only
// (tests add, rename, link, unlink and delete; the accounts never change).
beforeEach(async () => {
  await database.db.delete(restaurants);
  const restaurant = await insertRestaurant(database.db, { slug: "matrix-place", name_en: "Matrix Place" });
  ids.restaurant = restaurant.id;
  const [link] = await database.db
    .insert(restaurantOwners)
    .values({ restaurant_id: restaurant.id, user_id: ids.ownerLinked! })
    .returning();
  ids.link = link!.id;
  await database.db.delete(suggestions);
  const [suggestion] = await database.db
    .insert(suggestions)
    .values({ name_en: "Suggested Place", address: "2 Matrix St", language: "en", proof_of_work: true })
    .returning();
  ids.suggestion = suggestion!.id;
});
afterAll(async () => {
  await database?.destroy();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
});

const as = (who: Who) => (who === "visitor" ? {} : { cookie: cookies[who]! });
const validValues = (name: string) => ({ ...EMPTY_FORM, nameEn: name, address: "1 Matrix St", kashrut: "tzohar" });

type Expectation = "ok" | "login" | "home" | "dashboard" | "forbidden";
function verdict(outcome: RouteOutcome): Expectation {
  if (outcome.location === "/login") return "login";
  if (outcome.location === "/") return "home";
  if (
    outcome.location === "/dashboard" &&
    outcome.headers.getSetCookie().some((c) => c.includes("kta_toast") && !c.includes("Max-Age=0"))
  ) {
    // A redirect to the dashboard is a refusal for the editor's loader, a success for a save.
    return "dashboard";
  }
  if (outcome.status === 403) return "forbidden";
  if (outcome.status < 400) return "ok";
  return "forbidden";
}

function expectMatrix(label: string, run: (who: Who) => Promise<RouteOutcome>, expected: Record<Who, Expectation>) {
  it(`${label}: ${EVERYONE.map((who) => `${who}=${expected[who]}`).join(", ")}`, async () => {
    for (const who of EVERYONE) expect(verdict(await run(who)), who).toBe(expected[who]);
  });
}

describe("dashboard loaders", () => {
  expectMatrix("layout", (who) => callRoute(layoutLoader, services, "/dashboard", as(who)), {
    visitor: "login",
    guest: "home",
    ownerUnlinked: "ok",
    ownerLinked: "ok",
    admin: "ok",
  });
  expectMatrix("restaurant list", (who) => callRoute(indexLoader, services, "/dashboard", as(who)), {
    visitor: "login",
    guest: "home",
    ownerUnlinked: "ok",
    ownerLinked: "ok",
    admin: "ok",
  });
  expectMatrix("add page", (who) => callRoute(editorLoader, services, "/dashboard/add", as(who)), {
    visitor: "login",
    guest: "home",
    ownerUnlinked: "ok",
    ownerLinked: "ok",
    admin: "ok",
  });
  expectMatrix(
    "edit page",
    (who) =>
      callRoute(editorLoader, services, `/dashboard/edit/${ids.restaurant}`, {
        ...as(who),
        params: { id: ids.restaurant! },
      }),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "dashboard",
      ownerLinked: "ok",
      admin: "ok",
    },
  );
  // Pesach
  expectMatrix(
    "Pesach page",
    (who) =>
      callRoute(pesachLoader, services, `/dashboard/edit/${ids.restaurant}/pesach`, {
        ...as(who),
        params: { id: ids.restaurant! },
      }),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "dashboard",
      ownerLinked: "ok",
      admin: "ok",
    },
  );
  expectMatrix("user administration", (who) => callRoute(usersLoader, services, "/dashboard/users", as(who)), {
    visitor: "login",
    guest: "home",
    ownerUnlinked: "forbidden",
    ownerLinked: "forbidden",
    admin: "ok",
  });

  // Statistics — the overview is everyone's on the dashboard (each sees their own listings),
  // one listing's (and its CSV) only for those who may edit it.
  expectMatrix(
    "statistics overview",
    (who) => callRoute(statisticsLoader, services, "/dashboard/statistics", as(who)),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "ok",
      ownerLinked: "ok",
      admin: "ok",
    },
  );
  expectMatrix(
    "one listing's statistics",
    (who) =>
      callRoute(statisticsLoader, services, `/dashboard/statistics?restaurant=${ids.restaurant}&days=90`, as(who)),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "forbidden",
      ownerLinked: "ok",
      admin: "ok",
    },
  );
  expectMatrix(
    "one listing's statistics as CSV",
    (who) =>
      callRoute(statisticsCsvLoader, services, `/dashboard/statistics/csv?restaurant=${ids.restaurant}`, as(who)),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "forbidden",
      ownerLinked: "ok",
      admin: "ok",
    },
  );
  // The certificates ending and ended.
  expectMatrix("certificates", (who) => callRoute(certificatesLoader, services, "/dashboard/certificates", as(who)), {
    visitor: "login",
    guest: "home",
    ownerUnlinked: "forbidden",
    ownerLinked: "forbidden",
    admin: "ok",
  });
  // The listings whose kashrut value and certificate disagreed, to settle (ADR 032).
  expectMatrix("kashrut to settle", (who) => callRoute(kashrutLoader, services, "/dashboard/kashrut", as(who)), {
    visitor: "login",
    guest: "home",
    ownerUnlinked: "forbidden",
    ownerLinked: "forbidden",
    admin: "ok",
  });
  // The suggestions queue and the add form opened from a suggestion.
  expectMatrix(
    "suggestions queue",
    (who) => callRoute(suggestionsLoader, services, "/dashboard/suggestions", as(who)),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "forbidden",
      ownerLinked: "forbidden",
      admin: "ok",
    },
  );
  expectMatrix(
    "add page from a suggestion",
    (who) => callRoute(editorLoader, services, `/dashboard/add?suggestion=${ids.suggestion}`, as(who)),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "forbidden",
      ownerLinked: "forbidden",
      admin: "ok",
    },
  );

  // The searches that found nothing (the suggestions queue's admins).
  expectMatrix(
    "searches that found nothing",
    (who) => callRoute(searchesLoader, services, "/dashboard/searches?days=30", as(who)),
    {
      visitor: "login",
      guest: "home",
      ownerUnlinked: "forbidden",
      ownerLinked: "forbidden",
      admin: "ok",
    },
  );

  it("shows owners only the restaurants they are linked to", async () => {
    const unlinked = await callRoute(indexLoader, services, "/dashboard", as("ownerUnlinked"));
    const linked = await callRoute(indexLoader, services, "/dashboard", as("ownerLinked"));
    expect((unlinked.data as { restaurants: unknown[] }).restaurants).toEqual([]);
    expect((linked.data as { restaurants: { slug: string }[] }).restaurants.map((r) => r.slug)).toEqual([
      "matrix-place",
    ]);
  });
});

describe("dashboard actions (refused writes change nothing)", () => {
  const name = async () =>
    (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]?.name_en;

  // Pesach
  it("saving a Pesach plan: only a linked owner or an admin; refused, nothing changes", async () => {
    const pesach = async () =>
      (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]?.pesach;
    const expected: Record<Who, Expectation> = {
      visitor: "login",
      guest: "forbidden",
      ownerUnlinked: "forbidden",
      ownerLinked: "ok",
      admin: "ok",
    };
    for (const who of EVERYONE) {
      const before = await pesach();
      const outcome = await callRoute(pesachAction, services, `/dashboard/edit/${ids.restaurant}/pesach`, {
        ...as(who),
        params: { id: ids.restaurant! },
        form: { status: "closed" },
      });
      expect(verdict(outcome), who).toBe(expected[who]);
      if (expected[who] === "ok") expect(Object.values((await pesach()) ?? {})).toEqual([{ status: "closed" }]);
      else expect(await pesach(), who).toEqual(before);
      await database.db.update(restaurants).set({ pesach: {} }).where(eq(restaurants.id, ids.restaurant!));
    }
  });

  it("saving an edit: only a linked owner or an admin", async () => {
    const expected: Record<Who, Expectation> = {
      visitor: "login",
      guest: "forbidden",
      ownerUnlinked: "forbidden",
      ownerLinked: "ok",
      admin: "ok",
    };
    for (const who of EVERYONE) {
      const before = await name();
      const outcome = await callRoute(editorAction, services, `/dashboard/edit/${ids.restaurant}`, {
        ...as(who),
        params: { id: ids.restaurant! },
        json: { intent: "save", values: validValues(`Matrix Place ${who}`) },
      });
      const result = verdict(outcome) === "dashboard" ? "ok" : verdict(outcome);
      expect(result, who).toBe(expected[who]);
      if (expected[who] !== "ok") expect(await name(), who).toBe(before);
      else expect(await name(), who).toBe(`Matrix Place ${who}`);
    }
  });

  it("adding a restaurant: owners and admins; an owner who adds one is linked to it", async () => {
    const expected: Record<Who, Expectation> = {
      visitor: "login",
      guest: "forbidden",
      ownerUnlinked: "ok",
      ownerLinked: "ok",
      admin: "ok",
    };
    for (const who of EVERYONE) {
      const outcome = await callRoute(editorAction, services, "/dashboard/add", {
        ...as(who),
        json: { intent: "save", values: validValues(`Added by ${who}`) },
      });
      const result = verdict(outcome) === "dashboard" ? "ok" : verdict(outcome);
      expect(result, who).toBe(expected[who]);
      const count = await database.db.$count(restaurants, eq(restaurants.name_en, `Added by ${who}`));
      expect(count, who).toBe(expected[who] === "ok" ? 1 : 0);
    }
    const [mine] = await database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.name_en, "Added by ownerUnlinked"));
    expect(await database.db.$count(restaurantOwners, eq(restaurantOwners.restaurant_id, mine!.id))).toBe(1);
  });

  for (const [intent, form] of [
    ["addOwner", () => ({ intent: "addOwner", userId: ids.ownerUnlinked! })],
    ["verify", () => ({ intent: "verify", date: "2026-05-05" })],
    ["removeOwner", () => ({ intent: "removeOwner", linkId: ids.link! })],
  ] as const) {
    it(`${intent}: admins only`, async () => {
      const snapshot = async () =>
        JSON.stringify([
          await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, ids.restaurant!)),
          (
            await database.db
              .select({ v: restaurants.last_verified })
              .from(restaurants)
              .where(eq(restaurants.id, ids.restaurant!))
          )[0],
        ]);
      const before = await snapshot();
      for (const who of ["visitor", "guest", "ownerUnlinked", "ownerLinked"] as const) {
        const outcome = await callRoute(editorAction, services, `/dashboard/edit/${ids.restaurant}`, {
          ...as(who),
          params: { id: ids.restaurant! },
          form: form(),
        });
        expect(verdict(outcome), who).toBe(who === "visitor" ? "login" : "forbidden");
      }
      expect(await snapshot()).toBe(before);
      const byAdmin = await callRoute(editorAction, services, `/dashboard/edit/${ids.restaurant}`, {
        ...as("admin"),
        params: { id: ids.restaurant! },
        form: form(),
      });
      expect(byAdmin.data).toMatchObject({ ok: true });
    });
  }

  it("deleting: admins only", async () => {
    const victim = await insertRestaurant(database.db, { slug: "delete-me" });
    for (const who of ["visitor", "guest", "ownerUnlinked", "ownerLinked"] as const) {
      const outcome = await callRoute(indexAction, services, "/dashboard", {
        ...as(who),
        form: { intent: "delete", id: victim.id },
      });
      expect(verdict(outcome), who).toBe(who === "visitor" ? "login" : "forbidden");
      expect(await database.db.$count(restaurants, eq(restaurants.id, victim.id)), who).toBe(1);
    }
    const owner = await callRoute(indexAction, services, "/dashboard", {
      ...as("ownerLinked"),
      form: { intent: "delete", id: victim.id },
    });
    expect(owner.data).toEqual({ error: "manage.onlyAdminsDelete" });
    const admin = await callRoute(indexAction, services, "/dashboard", {
      ...as("admin"),
      form: { intent: "delete", id: victim.id },
    });
    expect(admin.status).toBe(302);
    expect(await database.db.$count(restaurants, eq(restaurants.id, victim.id))).toBe(0);
  });

  it("renewed until: admins only, even for the linked owner", async () => {
    await database.db
      .update(restaurants)
      .set({ certificate_body: "rabbinate_tel_aviv", certificate_valid_until: "2026-04-01" })
      .where(eq(restaurants.id, ids.restaurant!));
    const validUntil = async () =>
      (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]
        ?.certificate_valid_until;
    for (const who of ["visitor", "guest", "ownerUnlinked", "ownerLinked"] as const) {
      const outcome = await callRoute(certificatesAction, services, "/dashboard/certificates", {
        ...as(who),
        form: { restaurantId: ids.restaurant!, validUntil: "2027-04-01" },
      });
      expect(verdict(outcome), who).toBe(who === "visitor" ? "login" : "forbidden");
      expect(await validUntil(), who).toBe("2026-04-01");
    }
    const admin = await callRoute(certificatesAction, services, "/dashboard/certificates", {
      ...as("admin"),
      form: { restaurantId: ids.restaurant!, validUntil: "2027-04-01" },
    });
    expect(admin.status).toBe(302);
    expect(await validUntil()).toBe("2027-04-01");
  });

  it("settling a listing's kashrut: admins only, even for the linked owner", async () => {
    await database.db
      .update(restaurants)
      .set({ kashrut: "rabanut", certificate_body: "tzohar" })
      .where(eq(restaurants.id, ids.restaurant!));
    await database.db
      .insert(kashrutDisagreements)
      .values({ restaurant_id: ids.restaurant!, kashrut: "rabanut", certificate_body: "tzohar" })
      .onConflictDoUpdate({
        target: kashrutDisagreements.restaurant_id,
        set: { settled_at: null, settled_by: null },
      });
    const kashrut = async () =>
      (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]?.kashrut;
    for (const who of ["visitor", "guest", "ownerUnlinked", "ownerLinked"] as const) {
      const outcome = await callRoute(kashrutAction, services, "/dashboard/kashrut", {
        ...as(who),
        form: { restaurantId: ids.restaurant!, choice: "certificate" },
      });
      expect(verdict(outcome), who).toBe(who === "visitor" ? "login" : "forbidden");
      expect(await kashrut(), who).toBe("rabanut");
    }
    const admin = await callRoute(kashrutAction, services, "/dashboard/kashrut", {
      ...as("admin"),
      form: { restaurantId: ids.restaurant!, choice: "certificate" },
    });
    expect(admin.status).toBe(302);
    expect(await kashrut()).toBe("tzohar");
  });

  it("deciding a suggestion (approve, merge, reject): admins only", async () => {
    const status = async () =>
      (await database.db.select().from(suggestions).where(eq(suggestions.id, ids.suggestion!)))[0]?.status;
    for (const who of ["visitor", "guest", "ownerUnlinked", "ownerLinked"] as const) {
      for (const form of [
        { intent: "merge", suggestionId: ids.suggestion!, restaurantId: ids.restaurant! } as Record<string, string>,
        { intent: "reject", suggestionId: ids.suggestion!, reason: "No" },
      ]) {
        const outcome = await callRoute(suggestionsAction, services, "/dashboard/suggestions", { ...as(who), form });
        expect(verdict(outcome), `${who} ${form.intent}`).toBe(who === "visitor" ? "login" : "forbidden");
      }
      const approve = await callRoute(editorAction, services, `/dashboard/add?suggestion=${ids.suggestion}`, {
        ...as(who),
        json: { intent: "save", values: validValues(`Approved by ${who}`) },
      });
      expect(verdict(approve), `${who} approve`).toBe(who === "visitor" ? "login" : "forbidden");
      expect(await database.db.$count(restaurants, eq(restaurants.name_en, `Approved by ${who}`)), who).toBe(0);
      expect(await status(), who).toBe("open");
    }
    const approve = await callRoute(editorAction, services, `/dashboard/add?suggestion=${ids.suggestion}`, {
      ...as("admin"),
      json: { intent: "save", values: validValues("Approved by admin") },
    });
    expect(approve.location).toBe("/dashboard/suggestions");
    expect(await status()).toBe("approved");
  });

  it("changing roles: admins only", async () => {
    for (const who of ["visitor", "guest", "ownerUnlinked", "ownerLinked"] as const) {
      const outcome = await callRoute(usersAction, services, "/dashboard/users", {
        ...as(who),
        form: { userId: ids.guest!, role: "admin" },
      });
      expect(verdict(outcome), who).toBe(who === "visitor" ? "login" : "forbidden");
    }
    const [guest] = await database.db.select().from(userRoles).where(eq(userRoles.userId, ids.guest!));
    expect(guest?.role).toBe("guest");
    expect(await database.db.$count(users)).toBeGreaterThanOrEqual(4);
  });
});

describe("files of another restaurant", () => {
  /** Puts a file on disk under uploadsDir for a public /uploads/ URL (every width of an image). */
  function storeFiles(url: string): string[] {
    const paths = imageFiles(url).map((one) => path.join(uploadsDir, one.slice("/uploads/".length)));
    for (const file of paths) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, "bytes");
    }
    return paths;
  }

  it("an owner or admin naming another restaurant's files in their form is refused; saving again without them deletes nothing of the other's", async () => {
    const photo = "/uploads/restaurant-images/0123456789abcdef01234567-800.webp";
    const teuda = "/uploads/restaurant-images/89abcdef0123456789abcdef-800.webp";
    const menuImage = "/uploads/restaurant-menus/fedcba9876543210fedcba98-1200.webp";
    const pdf = "/uploads/restaurant-menus/pdf_aaaabbbbccccddddeeeeffff.pdf";
    const victim = await insertRestaurant(database.db, {
      slug: "victim-place",
      name_en: "Victim Place",
      photo,
      teuda,
      menu_link: pdf,
      menu_images: [{ url: menuImage, name: "menu.webp" }],
    });
    const files = [photo, teuda, menuImage, pdf].flatMap(storeFiles);
    const ownRow = async () =>
      (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]!;
    const save = (who: Who, values: Record<string, unknown>) =>
      callRoute(editorAction, services, `/dashboard/edit/${ids.restaurant}`, {
        ...as(who),
        params: { id: ids.restaurant! },
        json: { intent: "save", values },
      });

    for (const who of ["ownerLinked", "admin"] as const) {
      for (const [field, value] of [
        ["photo", photo],
        ["teuda", teuda],
        ["menuLink", pdf],
        ["menuImages", [{ url: menuImage, name: "stolen.webp" }]],
      ] as const) {
        const before = await ownRow();
        const refused = await save(who, { ...validValues(`Thief ${who}`), [field]: value });
        expect(refused.status, `${who} ${field}`).toBe(400);
        expect(refused.data, `${who} ${field}`).toMatchObject({
          error: "form.invalid",
          errors: { [field]: "upload.notYours" },
        });
        // Nothing was saved: not the file, not the rest of the form.
        expect(await ownRow(), `${who} ${field}`).toEqual(before);
      }
      const saved = await save(who, validValues(`Honest ${who}`));
      expect(saved.status, who).toBe(302);
      for (const file of files) expect(existsSync(file), `${who}: ${file}`).toBe(true);
    }
    const [after] = await database.db.select().from(restaurants).where(eq(restaurants.id, victim.id));
    expect(filesOfRow(after!)).toEqual([photo, teuda, pdf, menuImage]);
  });
});

function filesOfRow(row: {
  photo: string | null;
  teuda: string | null;
  menu_link: string | null;
  menu_images: { url: string }[];
}) {
  return [row.photo, row.teuda, row.menu_link, ...row.menu_images.map((image) => image.url)];
}

// Claims. The claims queue and its decisions are the admins'; the claim page is everyone's
// to read (a visitor is asked to sign in), and sending a claim any signed-in account's.
describe("claims", () => {
  async function openClaim(): Promise<{ id: string; restaurantId: string }> {
    // Only a claim from a verified address can be approved.
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, ids.guest!));
    const free = await insertRestaurant(database.db, { slug: "unowned-place", name_en: "Unowned Place" });
    const [claim] = await database.db
      .insert(claims)
      .values({
        restaurant_id: free.id,
        user_id: ids.guest!,
        role_at_restaurant: "Owner",
        business_phone: "03-555-1234",
        proof_url: "/uploads/proof.webp",
        language: "en",
      })
      .returning();
    return { id: claim!.id, restaurantId: free.id };
  }

  expectMatrix("claims queue", (who) => callRoute(claimsLoader, services, "/dashboard/claims", as(who)), {
    visitor: "login",
    guest: "home",
    ownerUnlinked: "forbidden",
    ownerLinked: "forbidden",
    admin: "ok",
  });
  expectMatrix(
    "claim page",
    (who) =>
      callRoute(claimLoader, services, "/en/restaurant/matrix-place/claim", {
        ...as(who),
        params: { slug: "matrix-place" },
      }),
    {
      visitor: "ok",
      guest: "ok",
      ownerUnlinked: "ok",
      ownerLinked: "ok",
      admin: "ok",
    },
  );

  it("sending a claim: any signed-in account; a visitor's post is refused and stores nothing", async () => {
    await insertRestaurant(database.db, { slug: "unowned-place", name_en: "Unowned Place" });
    const refused = await callRoute(claimAction, services, "/en/restaurant/unowned-place/claim", {
      form: { role: "Owner", phone: "03-555-1234" },
      params: { slug: "unowned-place" },
    });
    expect(verdict(refused)).toBe("forbidden");
    expect(await database.db.$count(claims)).toBe(0);
    // A signed-in account gets past the permission: its form is checked next (no proof here).
    const checked = await callRoute(claimAction, services, "/en/restaurant/unowned-place/claim", {
      ...as("guest"),
      form: { role: "Owner", phone: "03-555-1234" },
      params: { slug: "unowned-place" },
    });
    expect(checked).toMatchObject({ status: 400, data: { errors: { proof: "claim.proofRequired" } } });
  });

  for (const intent of ["approve", "reject"] as const) {
    it(`${intent} a claim: admins only; a refused one changes nothing`, async () => {
      const { id, restaurantId } = await openClaim();
      const snapshot = async () =>
        JSON.stringify([
          await database.db.select().from(claims),
          await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, restaurantId)),
          await database.db.select().from(userRoles).where(eq(userRoles.userId, ids.guest!)),
        ]);
      const before = await snapshot();
      for (const who of ["visitor", "guest", "ownerUnlinked", "ownerLinked"] as const) {
        const outcome = await callRoute(claimsAction, services, "/dashboard/claims", {
          ...as(who),
          form: { intent, claimId: id, reason: "No proof." },
        });
        expect(verdict(outcome), who).toBe(who === "visitor" ? "login" : "forbidden");
      }
      expect(await snapshot()).toBe(before);
      const byAdmin = await callRoute(claimsAction, services, "/dashboard/claims", {
        ...as("admin"),
        form: { intent, claimId: id, reason: "No proof." },
      });
      expect(byAdmin.status).toBe(302);
      const [decided] = await database.db.select().from(claims).where(eq(claims.id, id));
      expect(decided?.status).toBe(intent === "approve" ? "approved" : "rejected");
      // The accounts never change between tests: the approved guest goes back to being one.
      await database.db.update(userRoles).set({ role: "guest" }).where(eq(userRoles.userId, ids.guest!));
    });
  }
});

// The files a claim or a suggestion holds: only admins open them (with two-factor set up where the
// site requires it); everyone else is refused, the claimant too. The server's guard asks this rule.
describe("held files (a claim's proof, a suggestion's photo)", () => {
  const ROLE: Record<Who, "guest" | "owner" | "admin" | null> = {
    visitor: null,
    guest: "guest",
    ownerUnlinked: "owner",
    ownerLinked: "owner",
    admin: "admin",
  };
  const readerOf =
    (who: Who, twoFactorEnabled = false) =>
    async () =>
      ROLE[who] ? { role: ROLE[who], twoFactorEnabled } : null;

  it("a claim's proof and a suggestion's photo: admins only; a listing's file: everyone", async () => {
    const { id: claimId } = await (async () => {
      const free = await insertRestaurant(database.db, { slug: "held-place", name_en: "Held Place" });
      const [claim] = await database.db
        .insert(claims)
        .values({
          restaurant_id: free.id,
          user_id: ids.guest!,
          role_at_restaurant: "Owner",
          business_phone: "03-555-1234",
          proof_url: "/uploads/restaurant-images/aa11-800.webp",
          language: "en",
        })
        .returning();
      return claim!;
    })();
    const [suggestion] = await database.db
      .insert(suggestions)
      .values({ name_en: "Held", address: "1 Held St", language: "en", proof_of_work: true })
      .returning();
    await database.db.insert(uploads).values([
      { url: "/uploads/restaurant-images/aa11-800.webp", kind: "teuda", uploaded_by: ids.guest!, held_by: claimId },
      { url: "/uploads/restaurant-images/bb22-800.webp", kind: "teuda", held_by: suggestion!.id },
      {
        url: "/uploads/restaurant-images/cc33-800.webp",
        kind: "photo",
        restaurant_id: ids.restaurant!,
        attached_at: new Date(),
      },
    ]);
    const settings = { requireTwoFactorForAdmins: false };
    for (const url of ["/uploads/restaurant-images/aa11-400.webp", "/uploads/restaurant-images/bb22-800.webp"]) {
      for (const who of EVERYONE)
        expect(await heldFileAccess(database.db, url, readerOf(who), settings), `${who} ${url}`).toBe(
          who === "admin" ? "allowed" : "refused",
        );
      // Where the site requires two-factor, an admin without it is refused too.
      expect(await heldFileAccess(database.db, url, readerOf("admin"), { requireTwoFactorForAdmins: true })).toBe(
        "refused",
      );
      expect(await heldFileAccess(database.db, url, readerOf("admin", true), { requireTwoFactorForAdmins: true })).toBe(
        "allowed",
      );
    }
    for (const who of EVERYONE)
      expect(
        await heldFileAccess(database.db, "/uploads/restaurant-images/cc33-1200.webp", readerOf(who), settings),
      ).toBe("public");
    await database.db.delete(uploads);
    await database.db.delete(suggestions);
  });
});

// Alerts for saved places. The settings page is any account's own (a visitor signs in);
// the unsubscribe link is no one's session's: its token decides, and a wrong one changes nothing.
describe("alerts", () => {
  beforeEach(async () => {
    await database.db.delete(alertSettings);
  });

  expectMatrix("alert settings page", (who) => callRoute(alertsLoader, services, "/account/alerts", as(who)), {
    visitor: "login",
    guest: "ok",
    ownerUnlinked: "ok",
    ownerLinked: "ok",
    admin: "ok",
  });
  expectMatrix(
    "alert settings saved (each its own)",
    (who) =>
      callRoute(alertsAction, services, "/account/alerts", { ...as(who), form: { enabled: "on", language: "en" } }),
    {
      visitor: "login",
      guest: "ok",
      ownerUnlinked: "ok",
      ownerLinked: "ok",
      admin: "ok",
    },
  );

  it("a save changes the saving account's alerts only; a visitor's changes nothing", async () => {
    await callRoute(alertsAction, services, "/account/alerts", { form: { enabled: "on", language: "en" } });
    expect(await database.db.select().from(alertSettings)).toEqual([]);
    await callRoute(alertsAction, services, "/account/alerts", {
      ...as("admin"),
      form: { enabled: "on", language: "he", userId: ids.guest!, user_id: ids.guest! },
    });
    expect((await database.db.select({ id: alertSettings.user_id }).from(alertSettings)).map((row) => row.id)).toEqual([
      ids.admin,
    ]);
  });

  it("the unsubscribe page and its POST answer anyone by the token alone: a good token turns its account's alerts off, another token nothing", async () => {
    await database.db.insert(alertSettings).values([
      { user_id: ids.guest!, enabled: true, language: "en" },
      { user_id: ids.admin!, enabled: true, language: "en" },
    ]);
    const token = services.alertTokens.sign(ids.guest!);
    for (const who of EVERYONE) {
      const page = await callRoute(
        unsubscribeLoader,
        services,
        `/account/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
        as(who),
      );
      expect(page.status, who).toBe(200);
      // A session does not stand in for the token: the admin's own token is not this one.
      const forged = await callRoute(unsubscribeAction, services, "/account/alerts/unsubscribe", {
        ...as(who),
        form: { token: `${token}x` },
      });
      expect(forged.status, who).toBe(400);
    }
    expect((await database.db.select().from(alertSettings)).every((row) => row.enabled)).toBe(true);
    await callRoute(unsubscribeAction, services, "/account/alerts/unsubscribe", { form: { token } });
    const rows = await database.db
      .select({ id: alertSettings.user_id, enabled: alertSettings.enabled })
      .from(alertSettings);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.enabled]))).toEqual({
      [ids.guest!]: false,
      [ids.admin!]: true,
    });
  });
});
