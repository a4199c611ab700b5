// Domain functions that write check their actor themselves ("Permissions, one owner"):
// called directly — as a future route or script might, without the route's require* guard — by
// someone without the right, each refuses with AppError "forbidden" and changes nothing. Scripts
// act as SYSTEM, which may do everything and is recorded without a user.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserRole } from "../../app/features/accounts/users.server";
import { createBlog, deleteBlog, updateBlog } from "../../app/features/blog/blog.server";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import * as manage from "../../app/features/restaurants/editing/manage.server";
import {
  adoptSlug,
  createRestaurant,
  renewCertificate,
  settleKashrut,
  deleteRestaurant,
  saveRestaurantHours,
  saveRestaurantPesach,
  setPermanentlyClosed,
  setVerificationDate,
  updateRestaurant,
} from "../../app/features/restaurants/editing/manage.server";
import { setRestaurantHours } from "../../app/features/restaurants/hours/hours.server";
import { setRestaurantPesach } from "../../app/features/restaurants/pesach/pesach.server";
import { type Actor } from "../../app/features/restaurants/editing/changes.server";
import { addOwner, removeOwner } from "../../app/features/restaurants/editing/owners.server";
import type { RestaurantFormValues } from "../../app/features/restaurants/core/types";
import { AppError } from "../../app/lib/errors";
import { SYSTEM } from "../../app/lib/permissions.server";
import { buildBlog, buildRestaurant } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import { suggestions } from "../../database/schema/lifecycle";
import * as suggestionDomain from "../../app/features/restaurants/suggestions/suggestions.server";
import { userRoles } from "../../database/schema/people";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import type { Db } from "../../database/types";
import { fromJson } from "../../server/ops/data-transfer/format";
import { sendClaim } from "../../app/features/restaurants/claims/claims.server";
import { approveClaim, listClaims, rejectClaim } from "../../app/features/restaurants/claims/queue.server";
import { claims } from "../../database/schema/lifecycle";
import { importData } from "../../server/ops/data-transfer/import";
import { setAlerts } from "../../app/features/restaurants/alerts/alerts.server";
import { alertSettings } from "../../database/schema/alerts";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";

let database: TestDatabase;
let db: Db;
const people = {} as Record<"admin" | "dana" | "omer" | "gina", Actor>;
let restaurantId: string;
let otherOwnerLink: string;
let blogId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const auth = createTestAuth(db);
  // Dana owns the restaurant, Omer is an owner of none, Gina a guest.
  for (const [name, role] of [
    ["admin", "admin"],
    ["dana", "owner"],
    ["omer", "owner"],
    ["gina", "guest"],
  ] as const) {
    const email = `${name}@domain-permissions.example`;
    const { user } = await auth.api.signUpEmail({ body: { email, password: "olive-branch-domain-3", name } });
    await db.update(userRoles).set({ role }).where(eq(userRoles.userId, user.id));
    people[name] = { id: user.id, email, role };
  }
  const [restaurant] = await db
    .insert(restaurants)
    .values(
      buildRestaurant({
        name_en: "Guarded Grill",
        slug: "guarded-grill",
        certificate_body: "rabbinate_tel_aviv",
        certificate_valid_until: "2026-04-01",
      }),
    )
    .returning();
  restaurantId = restaurant!.id;
  const [link] = await db
    .insert(restaurantOwners)
    .values({ restaurant_id: restaurantId, user_id: people.dana.id })
    .returning();
  otherOwnerLink = link!.id;
  const [blog] = await db
    .insert(blogs)
    .values(buildBlog({ slug: "guarded-post" }))
    .returning();
  blogId = blog!.id;
});
afterAll(async () => {
  await database?.destroy();
});

/** Everything a refused write could have touched. */
async function everything() {
  return {
    restaurants: await db.select().from(restaurants).orderBy(asc(restaurants.id)),
    owners: await db.select().from(restaurantOwners).orderBy(asc(restaurantOwners.id)),
    changes: await db.select().from(restaurantChanges).orderBy(asc(restaurantChanges.id)),
    blogs: await db.select().from(blogs).orderBy(asc(blogs.id)),
    roles: await db.select().from(userRoles).orderBy(asc(userRoles.userId)),
    suggestions: await db.select().from(suggestions).orderBy(asc(suggestions.id)),
  };
}

async function expectRefused(attempt: () => Promise<unknown>) {
  const before = await everything();
  const outcome = attempt();
  await expect(outcome).rejects.toBeInstanceOf(AppError);
  await expect(outcome).rejects.toMatchObject({ code: "forbidden", messageKey: "access.denied", status: 403 });
  expect(await everything()).toEqual(before);
}

const form = (name: string): RestaurantFormValues => ({
  ...EMPTY_FORM,
  nameEn: name,
  address: "1 Guard St",
  kashrut: "tzohar",
});
const post = {
  title: "Taken over",
  subtitle: "No",
  slug: "taken-over",
  image: "https://img.example/x.jpg",
  content: "Text.",
};

// Who is refused what: an owner for a restaurant they are not linked to (and every admin-only
// action even for their own), a guest, and no one at all.
type Who = "dana" | "omer" | "gina" | "nobody";
const actor = (who: Who): Actor | null => (who === "nobody" ? null : people[who]);

describe("restaurants", () => {
  for (const who of ["omer", "gina", "nobody"] as const) {
    it(`updateRestaurant refuses ${who} (not linked to it)`, async () => {
      await expectRefused(() => updateRestaurant(db, actor(who), restaurantId, form("Renamed by a stranger")));
    });
  }
  for (const who of ["gina", "nobody"] as const) {
    it(`createRestaurant refuses ${who}`, async () => {
      await expectRefused(() => createRestaurant(db, actor(who), form(`Added by ${who}`)));
    });
  }
  for (const who of ["dana", "omer", "gina", "nobody"] as const) {
    it(`deleteRestaurant, setVerificationDate, addOwner and removeOwner refuse ${who}`, async () => {
      await expectRefused(() => deleteRestaurant(db, actor(who), restaurantId));
      await expectRefused(() => setVerificationDate(db, actor(who), restaurantId, "2026-01-02"));
      await expectRefused(() => addOwner(db, actor(who), restaurantId, people.omer.id));
      await expectRefused(() => removeOwner(db, actor(who), restaurantId, otherOwnerLink));
      // "Renewed until" is the admins' (certificates:review), even for the linked owner.
      await expectRefused(() => renewCertificate(db, actor(who), restaurantId, "2027-04-01"));
      // Settling a listing's disagreeing kashrut is the admins' (register:manage), even for the linked owner.
      await expectRefused(() => settleKashrut(db, actor(who), restaurantId, "certificate"));
    });
  }

  for (const who of ["omer", "gina", "nobody"] as const) {
    it(`setPermanentlyClosed, the hours and the slug refuse ${who} (not linked to it)`, async () => {
      await expectRefused(() => setPermanentlyClosed(db, actor(who), restaurantId, true));
      await expectRefused(() => saveRestaurantHours(db, actor(who), restaurantId, null));
      await expectRefused(() => setRestaurantHours(db, actor(who), restaurantId, null));
      // Refused whatever the hours: a stranger learns nothing of the editor's rules.
      await expectRefused(() => setRestaurantHours(db, actor(who), restaurantId, "not hours"));
      await expectRefused(() => adoptSlug(db, actor(who), restaurantId, "taken-over-grill"));
      // Pesach, refused whatever the plan.
      await expectRefused(() => saveRestaurantPesach(db, actor(who), restaurantId, "2027", { status: "closed" }));
      await expectRefused(() => setRestaurantPesach(db, actor(who), restaurantId, "2027", { status: "closed" }));
      await expectRefused(() => setRestaurantPesach(db, actor(who), restaurantId, "2027", { status: "nonsense" }));
    });
  }

  it("manage.server.ts exports only writes that check their actor: each is in this file's refusals", () => {
    const reads = ["mayEdit", "filesOf", "getRestaurantById"];
    const checkedWrites = [
      "createRestaurant",
      "updateRestaurant",
      "deleteRestaurant",
      "setVerificationDate",
      "setPermanentlyClosed",
      "saveRestaurantHours",
      "adoptSlug",
      "renewCertificate",
      "settleKashrut",
      // Pesach
      "saveRestaurantPesach",
    ];
    expect(Object.keys(manage).sort()).toEqual([...reads, ...checkedWrites].sort());
  });

  it("a non-existent or malformed restaurant id is refused the same way to an owner not linked to it", async () => {
    await expectRefused(() => updateRestaurant(db, people.omer, "00000000-0000-4000-8000-000000000000", form("Ghost")));
    await expectRefused(() => updateRestaurant(db, people.omer, "not-a-uuid", form("Ghost")));
  });

  it("the linked owner and an admin may save; the system too, recorded without a user", async () => {
    await expect(updateRestaurant(db, people.dana, restaurantId, form("Guarded Grill"))).resolves.toMatchObject({
      restaurant: { id: restaurantId },
    });
    await expect(updateRestaurant(db, people.admin, restaurantId, form("Guarded Grill Bar"))).resolves.toMatchObject({
      restaurant: { id: restaurantId },
    });
    await setVerificationDate(db, SYSTEM, restaurantId, "2026-03-04");
    const [last] = await db.select().from(restaurantChanges).where(eq(restaurantChanges.action, "verify"));
    expect(last).toMatchObject({ actor_id: null, actor_email: "system", restaurant_id: restaurantId });
  });
});

describe("suggestions", () => {
  let suggestionId: string;
  beforeAll(async () => {
    const [row] = await db
      .insert(suggestions)
      .values({ name_en: "Suggested Grill", address: "3 Guard St", language: "en", proof_of_work: true })
      .returning();
    suggestionId = row!.id;
  });

  for (const who of ["dana", "omer", "gina", "nobody"] as const) {
    it(`every read and decision refuses ${who}`, async () => {
      await expectRefused(() => suggestionDomain.listSuggestions(db, actor(who), "open"));
      await expectRefused(() => suggestionDomain.listSuggestions(db, actor(who), "decided"));
      await expectRefused(() =>
        suggestionDomain.similarListings(db, actor(who), { names: ["Guarded Grill"], address: "" }),
      );
      await expectRefused(() => suggestionDomain.findListings(db, actor(who), "Guarded"));
      await expectRefused(() => suggestionDomain.suggestionFormValues(db, actor(who), suggestionId));
      await expectRefused(() =>
        suggestionDomain.approveSuggestion(db, actor(who), suggestionId, form(`Approved by ${who}`)),
      );
      await expectRefused(() => suggestionDomain.mergeSuggestion(db, actor(who), suggestionId, restaurantId));
      await expectRefused(() => suggestionDomain.rejectSuggestion(db, actor(who), suggestionId, "No"));
    });
  }

  it("suggestions.server.ts exports only reads and decisions that check their actor, each refused above", () => {
    const checked = [
      "listSuggestions",
      "similarListings",
      "findListings",
      "suggestionFormValues",
      "approveSuggestion",
      "mergeSuggestion",
      "rejectSuggestion",
    ];
    // The badge's count answers 0 to whoever may not manage them; the rest is pure.
    const unchecked = [
      "countOpenSuggestions",
      "kashrutOf",
      "linkFieldOf",
      "rejectionSchema",
      "SIMILARITY_THRESHOLD",
      "SUGGESTIONS_PAGE_SIZE",
    ];
    expect(Object.keys(suggestionDomain).sort()).toEqual([...checked, ...unchecked].sort());
  });

  it("an admin may decide, and the system too", async () => {
    await expect(
      suggestionDomain.rejectSuggestion(db, people.admin, suggestionId, "Not kosher"),
    ).resolves.toMatchObject({ status: "rejected" });
    const [row] = await db
      .insert(suggestions)
      .values({ name_en: "Another", address: "4 Guard St", language: "he", proof_of_work: false })
      .returning();
    await expect(suggestionDomain.mergeSuggestion(db, SYSTEM, row!.id, restaurantId)).resolves.toMatchObject({
      status: "merged",
    });
  });
});

describe("import (data:import)", () => {
  for (const who of ["dana", "omer", "gina"] as const) {
    it(`importData refuses ${who}, even on a dry run`, async () => {
      const file = fromJson(
        JSON.stringify({ restaurants: [{ ...form("Imported by a stranger"), slug: "" }], posts: [] }),
      );
      await expectRefused(() => importData(db, file, { actor: people[who] }));
      await expectRefused(() => importData(db, file, { actor: people[who], dryRun: true }));
    });
  }
});

describe("blog", () => {
  for (const who of ["dana", "omer", "gina", "nobody"] as const) {
    it(`createBlog, updateBlog and deleteBlog refuse ${who}`, async () => {
      const author = actor(who);
      await expectRefused(() => createBlog(db, author, post));
      await expectRefused(() => updateBlog(db, author, blogId, post));
      await expectRefused(() => deleteBlog(db, author, blogId));
    });
  }

  it("an admin and the system may write; the system's post has no author", async () => {
    const mine = await createBlog(db, people.admin, { ...post, slug: "by-admin" });
    const [row] = await db.select().from(blogs).where(eq(blogs.id, mine.id));
    expect(row!.created_by).toBe(people.admin.id);
    const scripted = await createBlog(db, SYSTEM, { ...post, slug: "by-script" });
    const [scriptedRow] = await db.select().from(blogs).where(eq(blogs.id, scripted.id));
    expect(scriptedRow!.created_by).toBeNull();
    await expect(deleteBlog(db, SYSTEM, scripted.id)).resolves.toBe(true);
  });
});

describe("user roles", () => {
  for (const who of ["dana", "omer", "gina", "nobody"] as const) {
    it(`setUserRole refuses ${who} (making themselves admin included)`, async () => {
      const self = who === "nobody" ? people.gina.id : people[who].id;
      await expectRefused(() => setUserRole(db, actor(who), self, "admin"));
    });
  }

  it("an admin and the system (create-admin) may", async () => {
    await setUserRole(db, people.admin, people.gina.id, "owner");
    await setUserRole(db, SYSTEM, people.gina.id, "guest");
    const [row] = await db.select().from(userRoles).where(eq(userRoles.userId, people.gina.id));
    expect(row!.role).toBe("guest");
  });
});

// Claims. Sending one is any signed-in account's (never no one's); deciding them and
// reading the queue are the admins'. A refused decision changes nothing: the claim stays open,
// nobody is linked or promoted.
describe("claims (claim:send, claims:manage)", () => {
  const claimValues = { role: "Owner", phone: "03-555-1234", note: "" };
  const neverUpload = async () => {
    throw new Error("a refused claim must not reach the upload");
  };

  it("sendClaim refuses no one signed in, before the upload", async () => {
    const claim = {
      slug: "guarded-grill",
      values: claimValues,
      proof: { data: Buffer.from("x"), name: "x.png", type: "image/png" },
      language: "en" as const,
      clientIp: "1.2.3.4",
    };
    const before = await db.select().from(claims);
    await expect(sendClaim(db, null, claim, neverUpload)).rejects.toMatchObject({
      code: "forbidden",
      messageKey: "access.denied",
    });
    expect(await db.select().from(claims)).toEqual(before);
  });

  for (const who of ["dana", "omer", "gina", "nobody"] as const) {
    it(`approveClaim, rejectClaim and listClaims refuse ${who}`, async () => {
      const [open] = await db
        .insert(claims)
        .values({
          restaurant_id: restaurantId,
          user_id: people.gina.id,
          role_at_restaurant: "Owner",
          business_phone: "03-555-1234",
          proof_url: "/uploads/x.webp",
          language: "en",
        })
        .onConflictDoNothing()
        .returning();
      const id = open?.id ?? (await db.select().from(claims))[0]!.id;
      const before = await db.select().from(claims);
      await expectRefused(() => approveClaim(db, actor(who), id));
      await expectRefused(() => rejectClaim(db, actor(who), id, "No."));
      await expect(listClaims(db, actor(who))).rejects.toMatchObject({ code: "forbidden" });
      expect(await db.select().from(claims)).toEqual(before);
    });
  }
});

// An account's alerts are its own. setAlerts writes the acting account's row only (it
// takes no account to act on); no one signed in, or an actor without an account id, is refused.
describe("alerts (saved:keep, the account's own)", () => {
  it("setAlerts refuses no one signed in and an actor that is no account, changing nothing", async () => {
    const before = await db.select().from(alertSettings);
    for (const actor of [null, { role: "guest" as const }, { role: "owner" as const, id: "" }]) {
      await expect(setAlerts(db, actor, { enabled: true, language: "en" })).rejects.toMatchObject({
        code: "forbidden",
        messageKey: "access.denied",
      });
    }
    expect(await db.select().from(alertSettings)).toEqual(before);
  });

  it("each account, an admin included, turns on its own alerts and no one else's", async () => {
    for (const who of ["gina", "dana", "admin"] as const) {
      await setAlerts(db, people[who], { enabled: true, language: "he" });
    }
    const rows = await db.select({ id: alertSettings.user_id, enabled: alertSettings.enabled }).from(alertSettings);
    expect(rows.map((row) => row.id).sort()).toEqual([people.gina.id, people.dana.id, people.admin.id].sort());
    expect(rows.some((row) => row.id === people.omer.id)).toBe(false);
    await db.delete(alertSettings);
  });
});
