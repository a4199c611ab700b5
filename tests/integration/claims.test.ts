// Claims ("Is this your restaurant?"), through the routes as the server runs them: the
// restaurant page's link, the claim page for each kind of viewer, sending a claim with its proof
// (one row, the proof held by it), every refusal (a message, nothing stored), the limits, and the
// admins' queue: approve (a guest becomes an owner linked to the listing, recorded in the history,
// and may edit it), reject with a reason, the claimant's e-mail in the claim's language, and the
// permission matrix (a refused action changes nothing).
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLAIM_LIMITS, sendClaim } from "../../app/features/restaurants/claims/claims.server";
import { approveClaim, listClaims, rejectClaim } from "../../app/features/restaurants/claims/queue.server";
import type { AppServices } from "../../app/lib/context";
import type { EmailContent } from "../../app/lib/emails";
import { AppError } from "../../app/lib/errors";
import { can } from "../../app/lib/permissions";
import { hasRestaurantAccess } from "../../app/lib/permissions.server";
import { action as claimAction, loader as claimLoader } from "../../app/routes/claim";
import { action as queueAction, loader as queueLoader } from "../../app/routes/dashboard/claims";
import { loader as layoutLoader } from "../../app/routes/dashboard/layout";
import { loader as restaurantLoader } from "../../app/routes/restaurant";
import { action as loginAction } from "../../app/routes/login";
import { insertRestaurant } from "../../database/factories";
import { claims } from "../../database/schema/lifecycle";
import { rateLimits, userRoles } from "../../database/schema/people";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { uploads } from "../../database/schema/uploads";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser, type RouteOutcome } from "../setup/routes";
import { createServices } from "../setup/services";

type Who = "visitor" | "guest" | "guest2" | "unverified" | "owner" | "admin";

let database: TestDatabase;
let services: AppServices;
const cookies: Partial<Record<Who, string>> = {};
const emails: Partial<Record<Who, string>> = {};
const ids: Record<string, string> = {};
let outbox: { to: string; content: EmailContent }[] = [];
let png: Buffer;

async function makeUser(who: Exclude<Who, "visitor">, role: "guest" | "owner" | "admin", emailVerified = true) {
  const user = await signedInUser(services, {
    email: `${who}@claims.example`,
    role,
    firstName: who,
    lastName: "Claimer",
    emailVerified,
  });
  cookies[who] = user.cookie;
  emails[who] = user.email;
  ids[who] = user.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, { sendEmail: async (to, content) => void outbox.push({ to, content }) });
  await makeUser("guest", "guest");
  await makeUser("guest2", "guest");
  // Anyone can sign up as info@ the restaurant's domain: only a verified address may claim.
  await makeUser("unverified", "guest", false);
  await makeUser("owner", "owner");
  await makeUser("admin", "admin");
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2255aa" } })
    .png()
    .toBuffer();
});
beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(rateLimits);
  await database.db.delete(restaurantChanges);
  await database.db.delete(uploads);
  // Back to the roles the tests start from (an approval promotes a guest).
  for (const who of ["guest", "guest2", "unverified"] as const)
    await database.db.update(userRoles).set({ role: "guest" }).where(eq(userRoles.userId, ids[who]!));
  outbox = [];
  const free = await insertRestaurant(database.db, { slug: "free-place", name_en: "Free Place", name_he: "מקום פנוי" });
  const owned = await insertRestaurant(database.db, { slug: "owned-place", name_en: "Owned Place" });
  ids.free = free.id;
  ids.owned = owned.id;
  await database.db.insert(restaurantOwners).values({ restaurant_id: owned.id, user_id: ids.owner! });
});
afterAll(async () => {
  await database?.destroy();
});

const as = (who: Who) => (who === "visitor" ? {} : { cookie: cookies[who]! });
const stored = () => database.db.select().from(claims);

interface ClaimForm {
  role?: string;
  phone?: string;
  note?: string;
  proof?: { data: Buffer; name: string; type: string } | null;
}

function claimBody({ role = "Owner", phone = "03-555-1234", note = "", proof }: ClaimForm = {}): FormData {
  const body = new FormData();
  body.set("role", role);
  body.set("phone", phone);
  body.set("note", note);
  const file = proof === undefined ? { data: png, name: "certificate.png", type: "image/png" } : proof;
  if (file) body.set("proof", new File([new Uint8Array(file.data)], file.name, { type: file.type }));
  return body;
}

function send(
  who: Who,
  form: ClaimForm = {},
  options: { slug?: string; language?: "en" | "he"; ip?: string } = {},
): Promise<RouteOutcome> {
  const slug = options.slug ?? "free-place";
  const withIp = options.ip ? { ...services, clientIp: options.ip } : services;
  return callRoute(claimAction, withIp, `/${options.language ?? "en"}/restaurant/${slug}/claim`, {
    ...as(who),
    multipart: claimBody(form),
    params: { slug },
  });
}

const page = async (who: Who, slug = "free-place") => {
  const outcome = await callRoute(claimLoader, services, `/en/restaurant/${slug}/claim`, {
    ...as(who),
    params: { slug },
  });
  return outcome.data as Awaited<ReturnType<typeof claimLoader>>;
};

async function openClaimOf(who: Who, language: "en" | "he" = "en"): Promise<string> {
  const sent = await send(who, {}, { language });
  expect(sent.status).toBe(302);
  const [row] = await database.db.select().from(claims).where(eq(claims.user_id, ids[who]!));
  return row!.id;
}

const decide = (who: Who, form: Record<string, string>, language: "en" | "he" = "en") =>
  callRoute(queueAction, services, `${language === "he" ? "/he" : ""}/dashboard/claims`, { ...as(who), form });

describe("the restaurant page and the claim page", () => {
  it("the restaurant page offers the claim link only on a listing without owners", async () => {
    const free = await callRoute(restaurantLoader, services, "/en/restaurant/free-place", {
      params: { slug: "free-place" },
    });
    const owned = await callRoute(restaurantLoader, services, "/en/restaurant/owned-place", {
      params: { slug: "owned-place" },
    });
    expect((free.data as { claimable: boolean }).claimable).toBe(true);
    expect((owned.data as { claimable: boolean }).claimable).toBe(false);
  });

  it("a visitor is asked to sign in; a guest may claim; a listing with owners takes no claim; an unknown one sends home", async () => {
    expect(await page("visitor")).toMatchObject({ signedIn: false, page: { managed: false, open: null } });
    expect(await page("guest")).toMatchObject({
      signedIn: true,
      mayClaim: true,
      page: { managed: false, viewerIsOwner: false },
    });
    expect(await page("guest", "owned-place")).toMatchObject({ page: { managed: true, viewerIsOwner: false } });
    expect(await page("owner", "owned-place")).toMatchObject({ page: { managed: true, viewerIsOwner: true } });
    expect(await page("admin")).toMatchObject({ mayClaim: false });
    const gone = await callRoute(claimLoader, services, "/he/restaurant/no-such/claim", {
      params: { slug: "no-such" },
    });
    expect(gone).toMatchObject({ status: 302, location: "/he" });
  });
});

describe("logging in from the claim page", () => {
  it("goes back to it; a return path to another site is ignored", async () => {
    const user = await signedInUser(services, { email: "returning@claims.example" });
    const form = { email: user.email, password: user.password };
    const back = await callRoute(loginAction, services, "/login?next=%2Fen%2Frestaurant%2Ffree-place%2Fclaim", {
      form,
    });
    expect(back).toMatchObject({ status: 302, location: "/en/restaurant/free-place/claim" });
    expect(back.headers.getSetCookie().join()).toContain("session_token");
    for (const next of ["%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "%2F%5Cevil.example"]) {
      expect((await callRoute(loginAction, services, `/he/login?next=${next}`, { form })).location, next).toBe("/he");
    }
  });
});

describe("sending a claim", () => {
  it("stores one open claim with its proof, held by it; the page then says it waits for review", async () => {
    const sent = await send(
      "guest",
      { role: "Manager", phone: "+972 3 555 1234", note: "I run the kitchen" },
      { language: "he" },
    );
    expect(sent).toMatchObject({ status: 302, location: "/he/restaurant/free-place/claim" });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    const [claim] = rows;
    expect(claim).toMatchObject({
      restaurant_id: ids.free,
      user_id: ids.guest,
      role_at_restaurant: "Manager",
      business_phone: "+972 3 555 1234",
      note: "I run the kitchen",
      language: "he",
      status: "open",
    });
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.url, claim!.proof_url));
    expect(upload).toMatchObject({ held_by: claim!.id, uploaded_by: ids.guest, kind: "teuda" });
    expect((await page("guest")).page.open).not.toBeNull();
    // Another account sees nothing of it.
    expect((await page("guest2")).page).toMatchObject({ open: null, decided: null });
  });

  it("a PDF proof is taken as a PDF", async () => {
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const sent = await send("guest", { proof: { data: pdf, name: "licence.pdf", type: "application/pdf" } });
    expect(sent.status).toBe(302);
    const [claim] = await stored();
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.url, claim!.proof_url));
    expect(upload?.kind).toBe("pdf");
  });

  it("one open claim per account and listing: the second is refused, another account may claim", async () => {
    expect((await send("guest")).status).toBe(302);
    const again = await send("guest");
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "claim.alreadyOpen" });
    expect((await send("guest2")).status).toBe(302);
    expect(await stored()).toHaveLength(2);
  });

  it("a listing with owners refuses, and stores nothing", async () => {
    const refused = await send("guest", {}, { slug: "owned-place" });
    expect(refused).toMatchObject({ status: 409, data: { error: "claim.managed" } });
    expect(await stored()).toHaveLength(0);
    expect(await database.db.select().from(uploads)).toHaveLength(0);
  });

  it("bad input gets each field's message and changes nothing (no claim, no file)", async () => {
    const cases: [ClaimForm, Record<string, string>][] = [
      [
        { role: "", phone: "", proof: null },
        { role: "claim.roleRequired", phone: "claim.phoneRequired", proof: "claim.proofRequired" },
      ],
      [{ phone: "call me" }, { phone: "claim.phoneInvalid" }],
      [{ phone: "12" }, { phone: "claim.phoneInvalid" }],
      [{ role: "x".repeat(101) }, { role: "claim.roleTooLong" }],
      [{ role: "Owner\nand chef" }, { role: "error.lineBreak" }],
      [{ note: "n".repeat(1_001) }, { note: "claim.noteTooLong" }],
      [{ note: "bad\u0000" }, { note: "error.invalidCharacters" }],
      [
        { proof: { data: Buffer.from("just text, not an image"), name: "proof.png", type: "image/png" } },
        { proof: "claim.proofType" },
      ],
      [
        { proof: { data: Buffer.from("PDF? not really"), name: "proof.pdf", type: "application/pdf" } },
        { proof: "claim.proofType" },
      ],
    ];
    for (const [form, errors] of cases) {
      const refused = await send("guest", form);
      expect(refused.status, JSON.stringify(errors)).toBe(400);
      expect((refused.data as { errors: Record<string, string> }).errors).toMatchObject(errors);
      // What was typed comes back (a form sends its line breaks as CRLF).
      expect((refused.data as { fields: { role: string } }).fields.role.replace(/\r\n/g, "\n")).toBe(
        (form.role ?? "Owner").slice(0, 500),
      );
    }
    expect(await stored()).toHaveLength(0);
    expect(await database.db.select().from(uploads)).toHaveLength(0);
    // The form's rules are checked before the limits and spend nothing; a file is checked (decoded)
    // only within the limits, so the two refused files counted.
    const [spent] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `claim:account:${ids.guest}`));
    expect(spent?.count).toBe(2);
  });

  it("a visitor's post is refused with 403; an admin needs no claim", async () => {
    expect((await send("visitor")).status).toBe(403);
    expect(await send("admin")).toMatchObject({ status: 409, data: { error: "claim.adminNeedsNone" } });
    expect(await stored()).toHaveLength(0);
  });

  it("the limit per account: refused with the wait, nothing stored; another account is not affected", async () => {
    await database.db.insert(rateLimits).values({
      key: `claim:account:${ids.guest}`,
      count: CLAIM_LIMITS.perAccount.max,
      resetAt: new Date(Date.now() + 3_600_000),
    });
    const refused = await send("guest");
    expect(refused).toMatchObject({ status: 429, data: { error: "error.rateLimited" } });
    expect(await stored()).toHaveLength(0);
    expect((await send("guest2")).status).toBe(302);
  });

  it("the limit per address, before the account's: a refused attempt spends nothing of the account's", async () => {
    await database.db
      .insert(rateLimits)
      .values({ key: "claim:ip:10.9.9.9", count: CLAIM_LIMITS.perIp.max, resetAt: new Date(Date.now() + 3_600_000) });
    expect((await send("guest", {}, { ip: "10.9.9.9" })).status).toBe(429);
    const [account] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `claim:account:${ids.guest}`));
    expect(account?.count ?? 0).toBe(0);
    expect(await stored()).toHaveLength(0);
    expect((await send("guest", {}, { ip: "10.1.1.1" })).status).toBe(302);
  });
});

describe("a claim needs a verified e-mail address", () => {
  it("an unverified account is told so on the page, with a way to have the link sent again; its claim is refused and nothing is stored", async () => {
    expect(await page("unverified")).toMatchObject({ signedIn: true, mayClaim: true, emailVerified: false });
    expect(await page("guest")).toMatchObject({ emailVerified: true });
    for (const language of ["en", "he"] as const) {
      const refused = await send("unverified", {}, { language });
      expect(refused).toMatchObject({ status: 403, data: { error: "claim.verifyFirst" } });
    }
    expect(await stored()).toHaveLength(0);
    expect(await database.db.select().from(uploads)).toHaveLength(0);
    // The limits were not spent either: the refusal comes before them.
    expect(
      await database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `claim:account:${ids.unverified}`)),
    ).toHaveLength(0);
    // The page's own button sends the verification link again (the account page's function, with its limit).
    const resent = await callRoute(claimAction, services, "/he/restaurant/free-place/claim", {
      ...as("unverified"),
      form: { intent: "resendVerification" },
      params: { slug: "free-place" },
    });
    expect(resent).toMatchObject({ status: 200, data: { resent: true } });
    const [spent] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `verify:account:${emails.unverified}`));
    expect(spent?.count).toBe(1);
  });

  it("the domain refuses it too, whatever the route does", async () => {
    const actor = { id: ids.unverified!, role: "guest" as const, email: emails.unverified! };
    await expect(
      sendClaim(
        database.db,
        actor,
        {
          slug: "free-place",
          values: { role: "Owner", phone: "03-555-1234", note: "" },
          proof: { data: png, name: "c.png", type: "image/png" },
          language: "en",
          clientIp: "10.0.0.1",
        },
        services.acceptUpload,
      ),
    ).rejects.toMatchObject({ code: "forbidden", messageKey: "claim.verifyFirst" });
    expect(await stored()).toHaveLength(0);
  });

  it("the queue shows whether each claimant's address is verified; a claim from an address not verified (sent before the rule) cannot be approved", async () => {
    await send("guest");
    // A claim stored before the rule existed, from an address never verified.
    await database.db.insert(claims).values({
      restaurant_id: ids.free!,
      user_id: ids.unverified!,
      role_at_restaurant: "Owner",
      business_phone: "03-555-0000",
      proof_url: "/uploads/restaurant-images/abc-800.webp",
      language: "en",
    });
    const queue = (await callRoute(queueLoader, services, "/dashboard/claims", as("admin"))).data as Awaited<
      ReturnType<typeof queueLoader>
    >;
    const byEmail = Object.fromEntries(queue.claims.map((claim) => [claim.account.email, claim.account.emailVerified]));
    expect(byEmail).toEqual({ [emails.guest!]: true, [emails.unverified!]: false });
    const [old] = await database.db.select().from(claims).where(eq(claims.user_id, ids.unverified!));
    expect(await decide("admin", { intent: "approve", claimId: old!.id })).toMatchObject({
      status: 409,
      data: { error: "claims.unverified" },
    });
    expect(
      await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, ids.free!)),
    ).toHaveLength(0);
  });
});

describe("one owner per listing through claims", () => {
  it("approving one claim closes the listing's other open claims as rejected, with a reason in each claimant's language", async () => {
    const first = await openClaimOf("guest", "en");
    await send("guest2", {}, { language: "he" });
    expect((await decide("admin", { intent: "approve", claimId: first })).status).toBe(302);
    const [other] = await database.db.select().from(claims).where(eq(claims.user_id, ids.guest2!));
    expect(other).toMatchObject({ status: "rejected", decided_by: ids.admin });
    expect(other?.decision_note).toMatch(/[\u0590-\u05ff]/);
    expect((await page("guest2")).page).toMatchObject({
      managed: true,
      decided: { status: "rejected", reason: other!.decision_note },
    });
    // Its claimant is told, in the language they claimed in.
    expect(outbox.map((mail) => mail.to).sort()).toEqual([emails.guest, emails.guest2].sort());
    expect(outbox.find((mail) => mail.to === emails.guest2)?.content.html).toContain('dir="rtl"');
    expect(
      await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, ids.free!)),
    ).toHaveLength(1);
  });

  it("a listing that has an owner (linked by an admin since) cannot get a claim approved; the claim stays open for a rejection", async () => {
    const id = await openClaimOf("guest");
    await database.db.insert(restaurantOwners).values({ restaurant_id: ids.free!, user_id: ids.owner! });
    expect(await decide("admin", { intent: "approve", claimId: id })).toMatchObject({
      status: 409,
      data: { error: "claims.listingManaged" },
    });
    const links = await database.db
      .select()
      .from(restaurantOwners)
      .where(eq(restaurantOwners.restaurant_id, ids.free!));
    expect(links.map((link) => link.user_id)).toEqual([ids.owner]);
    expect((await stored())[0]?.status).toBe("open");
  });

  it("two approvals at once of two claims on one listing make one owner; the other is refused", async () => {
    const first = await openClaimOf("guest");
    await send("guest2");
    const [second] = await database.db.select().from(claims).where(eq(claims.user_id, ids.guest2!));
    const admin = { id: ids.admin!, role: "admin" as const, email: emails.admin! };
    const outcomes = await Promise.allSettled([
      approveClaim(database.db, admin, first),
      approveClaim(database.db, admin, second!.id),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(
      await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, ids.free!)),
    ).toHaveLength(1);
    const statuses = (await stored()).map((claim) => claim.status).sort();
    expect(statuses).toEqual(["approved", "rejected"]);
  });

  it("the database holds one owner link made by a claim per listing; unlinking it lets a later claim be approved", async () => {
    const first = await openClaimOf("guest");
    expect((await decide("admin", { intent: "approve", claimId: first })).status).toBe(302);
    const [link] = await database.db
      .select()
      .from(restaurantOwners)
      .where(eq(restaurantOwners.restaurant_id, ids.free!));
    expect(link?.claim_id).toBe(first);
    // A second link from a claim is refused by the database itself, whatever the code does.
    await expect(
      database.db.insert(restaurantOwners).values({ restaurant_id: ids.free!, user_id: ids.guest2!, claim_id: first }),
    ).rejects.toThrow();
    // An admin's link (no claim) is still allowed beside it.
    await database.db.insert(restaurantOwners).values({ restaurant_id: ids.free!, user_id: ids.owner! });
    // Once the listing has no owners again, a new claim can be approved.
    await database.db.delete(restaurantOwners).where(eq(restaurantOwners.restaurant_id, ids.free!));
    await send("guest2");
    const [second] = await database.db.select().from(claims).where(eq(claims.user_id, ids.guest2!));
    expect((await decide("admin", { intent: "approve", claimId: second!.id })).status).toBe(302);
  });
});

describe("the claims queue", () => {
  it("admins see it with the account, the listing, the role, the phone, the proof and the note; others never", async () => {
    await send("guest", { role: "Owner", note: "שלום" });
    const queue = await callRoute(queueLoader, services, "/dashboard/claims", as("admin"));
    expect(queue.status).toBe(200);
    const data = queue.data as Awaited<ReturnType<typeof queueLoader>>;
    expect(data.claims).toHaveLength(1);
    expect(data.claims[0]).toMatchObject({
      restaurant: { slug: "free-place" },
      account: { email: emails.guest, name: "guest Claimer" },
      role: "Owner",
      phone: "03-555-1234",
      note: "שלום",
      status: "open",
    });
    expect(data.claims[0]?.proofUrl).toMatch(/^\/uploads\//);
    expect(await callRoute(queueLoader, services, "/dashboard/claims", as("owner"))).toMatchObject({ status: 403 });
    expect(await callRoute(queueLoader, services, "/dashboard/claims", as("guest"))).toMatchObject({
      status: 302,
      location: "/",
    });
    expect(await callRoute(queueLoader, services, "/dashboard/claims", as("visitor"))).toMatchObject({
      status: 302,
      location: "/login",
    });
    // The navigation's count is the admins' too: an owner's dashboard shows nothing of claims.
    expect((await callRoute(layoutLoader, services, "/dashboard", as("admin"))).data).toMatchObject({ openClaims: 1 });
    expect((await callRoute(layoutLoader, services, "/dashboard", as("owner"))).data).toMatchObject({
      openClaims: null,
    });
    // And the domain refuses whoever is not an admin.
    await expect(listClaims(database.db, { id: ids.owner!, role: "owner" })).rejects.toThrow(AppError);
  });

  it("approve: the guest becomes an owner linked to the listing (history), may edit it, and is told in the claim's language", async () => {
    const id = await openClaimOf("guest", "he");
    const approved = await decide("admin", { intent: "approve", claimId: id });
    expect(approved.status).toBe(302);
    const [claim] = await stored();
    expect(claim).toMatchObject({ status: "approved", decided_by: ids.admin });
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, ids.guest!));
    expect(role?.role).toBe("owner");
    const links = await database.db
      .select()
      .from(restaurantOwners)
      .where(eq(restaurantOwners.restaurant_id, ids.free!));
    expect(links.map((link) => link.user_id)).toEqual([ids.guest]);
    const viewer = { id: ids.guest!, role: "owner" as const };
    expect(can(viewer, "restaurant:edit", { ownerIds: links.map((link) => link.user_id) })).toBe(true);
    expect(await hasRestaurantAccess(database.db, viewer, ids.free!)).toBe(true);
    const history = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, ids.free!));
    expect(history).toEqual([
      expect.objectContaining({
        action: "owner_add",
        actor_email: emails.admin,
        changes: { owner: { old: null, new: emails.guest } },
      }),
    ]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.to).toBe(emails.guest);
    expect(outbox[0]?.content.subject).toContain("אושרה");
    expect(outbox[0]?.content.text).toContain("http://127.0.0.1/he/dashboard");
    expect(outbox[0]?.content.html).toContain('dir="rtl"');
    // The listing has an owner now: the page no longer offers the link, and the claimant manages it.
    const restaurantPage = await callRoute(restaurantLoader, services, "/en/restaurant/free-place", {
      params: { slug: "free-place" },
    });
    expect((restaurantPage.data as { claimable: boolean }).claimable).toBe(false);
    expect((await page("guest")).page).toMatchObject({ viewerIsOwner: true });
    // Decided once: a second decision is a conflict and changes nothing.
    expect(await decide("admin", { intent: "reject", claimId: id, reason: "late" })).toMatchObject({
      status: 409,
      data: { error: "claims.alreadyDecided" },
    });
    expect((await stored())[0]?.status).toBe("approved");
  });

  it("approving a claim by an owner links them without changing their role; the listing's other open claims are closed", async () => {
    const other = await insertRestaurant(database.db, { slug: "second-place", name_en: "Second Place" });
    const mine = await send("owner", {}, { slug: "second-place" });
    expect(mine.status).toBe(302);
    await send("guest2", {}, { slug: "second-place" });
    const [ownerClaim] = await database.db.select().from(claims).where(eq(claims.user_id, ids.owner!));
    expect((await decide("admin", { intent: "approve", claimId: ownerClaim!.id })).status).toBe(302);
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, ids.owner!));
    expect(role?.role).toBe("owner");
    const links = await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, other.id));
    expect(links.map((link) => link.user_id)).toEqual([ids.owner]);
    const [guestClaim] = await database.db.select().from(claims).where(eq(claims.user_id, ids.guest2!));
    expect(guestClaim?.status).toBe("rejected");
    const queue = (await callRoute(queueLoader, services, "/dashboard/claims?status=all", as("admin"))).data as Awaited<
      ReturnType<typeof queueLoader>
    >;
    expect(queue.claims.find((claim) => claim.id === guestClaim!.id)?.listingOwners).toBe(1);
  });

  it("reject needs a reason (nothing changes without one) and e-mails it in the claim's language", async () => {
    const id = await openClaimOf("guest", "en");
    const without = await decide("admin", { intent: "reject", claimId: id, reason: "   " });
    expect(without).toMatchObject({
      status: 400,
      data: { error: "claims.reasonRequired", errors: { reason: "claims.reasonRequired" } },
    });
    expect((await stored())[0]?.status).toBe("open");
    expect(outbox).toHaveLength(0);
    const rejected = await decide(
      "admin",
      { intent: "reject", claimId: id, reason: "The certificate is another restaurant's." },
      "he",
    );
    expect(rejected.status).toBe(302);
    expect((await stored())[0]).toMatchObject({
      status: "rejected",
      decision_note: "The certificate is another restaurant's.",
      decided_by: ids.admin,
    });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: emails.guest });
    expect(outbox[0]?.content.subject).toBe("Your claim on Free Place was not approved");
    expect(outbox[0]?.content.text).toContain("The certificate is another restaurant's.");
    expect(outbox[0]?.content.text).toContain("http://127.0.0.1/en/restaurant/free-place/claim");
    // Nothing was linked; the claimant reads the reason and may claim again.
    expect(
      await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, ids.free!)),
    ).toHaveLength(0);
    const [role] = await database.db.select().from(userRoles).where(eq(userRoles.userId, ids.guest!));
    expect(role?.role).toBe("guest");
    expect((await page("guest")).page).toMatchObject({
      open: null,
      decided: { status: "rejected", reason: "The certificate is another restaurant's." },
    });
    expect((await send("guest")).status).toBe(302);
  });

  it("non-admins are refused at the route (403) and in the domain; nothing changes", async () => {
    const id = await openClaimOf("guest");
    for (const who of ["owner", "guest2"] as const) {
      expect((await decide(who, { intent: "approve", claimId: id })).status).toBe(403);
      expect((await decide(who, { intent: "reject", claimId: id, reason: "no" })).status).toBe(403);
    }
    expect((await decide("visitor", { intent: "approve", claimId: id })).status).toBe(302);
    const owner = { id: ids.owner!, email: emails.owner!, role: "owner" as const };
    await expect(approveClaim(database.db, owner, id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(rejectClaim(database.db, owner, id, "no")).rejects.toMatchObject({ code: "forbidden" });
    await expect(approveClaim(database.db, null, id)).rejects.toMatchObject({ code: "forbidden" });
    expect((await stored())[0]?.status).toBe("open");
    expect(
      await database.db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, ids.free!)),
    ).toHaveLength(0);
    expect(outbox).toHaveLength(0);
  });

  it("a crafted decision (unknown intent, no such claim, not an id) gets a message and changes nothing", async () => {
    const id = await openClaimOf("guest");
    expect((await decide("admin", { intent: "delete", claimId: id })).status).toBe(400);
    expect(await decide("admin", { intent: "approve", claimId: "not-an-id" })).toMatchObject({
      status: 404,
      data: { error: "claims.notFound" },
    });
    expect(await decide("admin", { intent: "approve", claimId: "00000000-0000-4000-8000-000000000000" })).toMatchObject(
      { status: 404 },
    );
    expect((await decide("admin", { intent: "reject", claimId: id, reason: "r".repeat(1_001) })).status).toBe(400);
    expect((await stored())[0]?.status).toBe("open");
    expect(outbox).toHaveLength(0);
  });
});
