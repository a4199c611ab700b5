// The kashrut certificate (ADR 023): its facts saved through the restaurant form's path (linked
// owner, admin; another owner refused) and recorded in the history; the restaurant page's loader
// sending the day and grace period; the owners' reminders 14 and 3 days before, once each, in the
// outbox; and the admins' list with its one-click "Renewed until".
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listCertificates, renewalSuggestion } from "../../app/features/restaurants/certificate/list.server";
import { sendCertificateReminders } from "../../app/features/restaurants/certificate/reminders.server";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import { renewCertificate } from "../../app/features/restaurants/editing/manage.server";
import type { AppServices } from "../../app/lib/context";
import type { EmailContent } from "../../app/lib/emails";
import { addDays, telAvivDay } from "../../app/lib/dates";
import { AppError } from "../../app/lib/errors";
import { SYSTEM } from "../../app/lib/permissions.server";
import { action as certificatesAction, loader as certificatesLoader } from "../../app/routes/dashboard/certificates";
import { action as editorAction } from "../../app/routes/dashboard/restaurant";
import { loader as restaurantLoader } from "../../app/routes/restaurant";
import { insertRestaurant } from "../../database/factories";
import { certificateReminders } from "../../database/schema/lifecycle";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

type Who = "ownerLinked" | "ownerUnlinked" | "secondOwner" | "admin" | "guest";

let database: TestDatabase;
let services: AppServices;
let outbox: { to: string; content: EmailContent }[] = [];
const cookies: Partial<Record<Who, string>> = {};
const ids: Record<string, string> = {};
const emails: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, { sendEmail: async (to, content) => void outbox.push({ to, content }) });
  for (const [who, role] of [
    ["ownerLinked", "owner"],
    ["ownerUnlinked", "owner"],
    ["secondOwner", "owner"],
    ["admin", "admin"],
    ["guest", "guest"],
  ] as const) {
    const user = await signedInUser(services, {
      email: `${who.toLowerCase()}@certificate.example`,
      role,
      firstName: who,
    });
    cookies[who] = user.cookie;
    ids[who] = user.id;
    emails[who] = `${who.toLowerCase()}@certificate.example`;
  }
});
beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(restaurantChanges);
  outbox = [];
  const restaurant = await insertRestaurant(database.db, {
    slug: "certified-place",
    name_en: "Certified Place",
    name_he: "מקום מושגח",
  });
  ids.restaurant = restaurant.id;
  await database.db.insert(restaurantOwners).values([
    { restaurant_id: restaurant.id, user_id: ids.ownerLinked! },
    { restaurant_id: restaurant.id, user_id: ids.secondOwner! },
  ]);
});
afterAll(async () => {
  await database?.destroy();
});

const as = (who: Who) => ({ cookie: cookies[who]! });
const row = async () => (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]!;
const values = (certificate: Partial<typeof EMPTY_FORM>) => ({
  ...EMPTY_FORM,
  nameEn: "Certified Place",
  nameHe: "מקום מושגח",
  address: "1 Certificate St",
  kashrut: "rabanut",
  ...certificate,
});
const save = (who: Who, certificate: Partial<typeof EMPTY_FORM>) =>
  callRoute(editorAction, services, `/dashboard/edit/${ids.restaurant}`, {
    ...as(who),
    params: { id: ids.restaurant! },
    json: { intent: "save", values: values(certificate) },
  });

const FACTS = {
  certificateBody: "rabbinate_tel_aviv",
  certificateLevel: "mehadrin",
  certificateNumber: "TA-1234",
  certificateValidUntil: "2027-04-19",
};

describe("saving the facts through the restaurant form's path", () => {
  it("the linked owner saves them; they are in the history and on the restaurant page", async () => {
    const outcome = await save("ownerLinked", FACTS);
    expect(outcome.status).toBe(302);
    expect(await row()).toMatchObject({
      certificate_body: "rabbinate_tel_aviv",
      certificate_level: "mehadrin",
      certificate_number: "TA-1234",
      certificate_valid_until: "2027-04-19",
    });
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, ids.restaurant!));
    expect(change).toMatchObject({ action: "update", actor_email: emails.ownerLinked });
    expect(change!.changes).toMatchObject({
      certificate_body: { old: null, new: "rabbinate_tel_aviv" },
      certificate_valid_until: { old: null, new: "2027-04-19" },
    });
    const page = await callRoute(restaurantLoader, services, "/en/restaurant/certified-place", {
      params: { slug: "certified-place" },
    });
    const data = page.data as { restaurant: { certificate?: unknown }; clock: { graceDays?: number } };
    expect(data.restaurant.certificate).toEqual({
      body: "rabbinate_tel_aviv",
      level: "mehadrin",
      number: "TA-1234",
      validUntil: "2027-04-19",
    });
    expect(data.clock.graceDays).toBe(30);
  });

  it("an admin saves them; choosing no body clears the details", async () => {
    expect((await save("admin", { ...FACTS, certificateBody: "tzohar" })).status).toBe(302);
    expect(await row()).toMatchObject({ certificate_body: "tzohar", certificate_valid_until: "2027-04-19" });
    expect((await save("admin", { certificateBody: "none" })).status).toBe(302);
    expect(await row()).toMatchObject({
      certificate_body: "none",
      certificate_level: null,
      certificate_number: null,
      certificate_valid_until: null,
    });
  });

  it("an owner not linked to it is refused, and nothing changes", async () => {
    const outcome = await save("ownerUnlinked", FACTS);
    expect(outcome.status).toBe(403);
    expect((await row()).certificate_body).toBeNull();
    expect(await database.db.$count(restaurantChanges)).toBe(0);
  });

  it("a date that is no day, a number too long, or details without a body are refused with the field's message; nothing changes", async () => {
    for (const [bad, field, message] of [
      [{ ...FACTS, certificateValidUntil: "2027-02-30" }, "certificateValidUntil", "form.certificateDateInvalid"],
      [{ ...FACTS, certificateValidUntil: "19/04/2027" }, "certificateValidUntil", "form.certificateDateInvalid"],
      [{ ...FACTS, certificateNumber: "9".repeat(41) }, "certificateNumber", "form.tooLong"],
      [{ ...FACTS, certificateBody: "" }, "certificateBody", "form.certificateBodyRequired"],
      [{ ...FACTS, certificateLevel: "strict" }, "certificateLevel", "form.certificateLevelInvalid"],
    ] as const) {
      const outcome = await save("ownerLinked", bad);
      expect(outcome.status, field).toBe(400);
      expect(outcome.data, field).toMatchObject({ errors: { [field]: message } });
    }
    expect((await row()).certificate_body).toBeNull();
  });

  it("a past date is allowed: an expired certificate is still a fact", async () => {
    expect((await save("ownerLinked", { ...FACTS, certificateValidUntil: "2020-01-01" })).status).toBe(302);
    expect((await row()).certificate_valid_until).toBe("2020-01-01");
  });
});

describe("reminders to the linked owners", () => {
  const at = (day: string) => new Date(`${day}T09:00:00+03:00`);
  const remind = (day: string) =>
    sendCertificateReminders(database.db, {
      sendEmail: services.sendEmail,
      publicUrl: "http://127.0.0.1",
      now: at(day),
    });

  beforeEach(async () => {
    await database.db
      .update(restaurants)
      .set({ certificate_body: "rabbinate_tel_aviv", certificate_valid_until: "2027-04-19" })
      .where(eq(restaurants.id, ids.restaurant!));
  });

  it("e-mails each linked owner 14 days before and 3 days before, once each, in both languages", async () => {
    expect(await remind("2027-04-04")).toBe(0);
    expect(outbox).toEqual([]);

    expect(await remind("2027-04-05")).toBe(1);
    expect(outbox.map((mail) => mail.to).sort()).toEqual([emails.ownerLinked, emails.secondOwner].sort());
    const [first] = outbox;
    expect(first!.content.subject).toContain("Certificate ends in 14 days: Certified Place");
    expect(first!.content.text).toContain("valid until April 19, 2027");
    expect(first!.content.text).toContain("תעודת הכשרות של מקום מושגח בתוקף עד 19 באפריל 2027");
    expect(first!.content.text).toContain(`http://127.0.0.1/dashboard/edit/${ids.restaurant}`);

    // The same day again, and the days after: nothing more until the 3-day one.
    outbox = [];
    expect(await remind("2027-04-05")).toBe(0);
    expect(await remind("2027-04-10")).toBe(0);
    expect(outbox).toEqual([]);

    expect(await remind("2027-04-16")).toBe(1);
    expect(outbox.map((mail) => mail.to).sort()).toEqual([emails.ownerLinked, emails.secondOwner].sort());
    expect(outbox[0]!.content.subject).toContain("in 3 days");
    outbox = [];
    expect(await remind("2027-04-18")).toBe(0);
    expect(await remind("2027-04-20")).toBe(0);
    expect(outbox).toEqual([]);
    const sent = await database.db
      .select()
      .from(certificateReminders)
      .where(eq(certificateReminders.restaurant_id, ids.restaurant!));
    expect(sent.map((reminder) => reminder.days_before).sort()).toEqual([14, 3].sort());
  });

  it("two runs at once send each reminder once", async () => {
    const [a, b] = await Promise.all([remind("2027-04-06"), remind("2027-04-06")]);
    expect(a + b).toBe(1);
    expect(outbox.length).toBe(2);
  });

  it("a renewed certificate has reminders of its own; a late start sends only the one that still makes sense", async () => {
    await remind("2027-04-17");
    expect(outbox.length).toBe(2);
    expect(outbox[0]!.content.subject).toContain("in 2 days");
    outbox = [];
    await database.db
      .update(restaurants)
      .set({ certificate_valid_until: "2028-04-19" })
      .where(eq(restaurants.id, ids.restaurant!));
    expect(await remind("2028-04-05")).toBe(1);
    expect(outbox.length).toBe(2);
  });

  it("tells nobody about private 'none', a listing without owners, or a closed one", async () => {
    await database.db
      .update(restaurants)
      .set({ certificate_body: "none", certificate_valid_until: null })
      .where(eq(restaurants.id, ids.restaurant!));
    const closed = await insertRestaurant(database.db, {
      slug: "closed-place",
      name_en: "Closed Place",
      certificate_body: "tzohar",
      certificate_valid_until: "2027-04-19",
      is_permanently_closed: true,
    });
    await database.db.insert(restaurantOwners).values({ restaurant_id: closed.id, user_id: ids.ownerLinked! });
    await insertRestaurant(database.db, {
      slug: "ownerless-place",
      name_en: "Ownerless Place",
      certificate_body: "tzohar",
      certificate_valid_until: "2027-04-19",
    });
    await remind("2027-04-05");
    expect(outbox).toEqual([]);
  });
});

describe("the admins' list and Renewed until", () => {
  const clock = { today: "2027-04-10", graceDays: 30 };

  beforeEach(async () => {
    const place = (slug: string, body: string, validUntil: string | null) =>
      insertRestaurant(database.db, {
        slug,
        name_en: slug,
        certificate_body: body as "tzohar",
        certificate_valid_until: validUntil,
      });
    await place("far-away", "rabbinate_tel_aviv", "2027-06-01");
    await place("soon", "rabbinate_tel_aviv", "2027-05-01");
    await place("pending", "badatz_beit_yosef", "2027-04-01");
    await place("expired", "tzohar", "2026-12-01");
    await place("no-date", "tzohar", null);
    await place("no-supervision", "none", null);
  });

  it("lists those ending in the next 30 days and those ended, the soonest first, with their state", async () => {
    const list = await listCertificates(database.db, { id: ids.admin!, role: "admin" }, clock);
    expect(list.map((item) => [item.slug, item.state.kind])).toEqual([
      ["expired", "expired"],
      ["pending", "renewalPending"],
      ["soon", "valid"],
    ]);
    expect(list[2]!.suggested).toBe("2028-05-01");
    expect(list[0]!.suggested).toBe("2027-12-01");
    // A year after an old date still past: a year after today.
    expect(renewalSuggestion("2025-01-01", clock.today)).toBe("2028-04-10");
  });

  it("is the admins' only: an owner is refused", async () => {
    await expect(listCertificates(database.db, { id: ids.ownerLinked!, role: "owner" }, clock)).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("renewed until: through the change path, in the history; a date not after the current one is refused, nothing changed", async () => {
    const [pending] = await database.db.select().from(restaurants).where(eq(restaurants.slug, "pending"));
    const admin = { id: ids.admin!, email: emails.admin!, role: "admin" as const };
    await expect(renewCertificate(database.db, admin, pending!.id, "2027-03-31")).rejects.toMatchObject({
      code: "invalid",
      messageKey: "certificates.dateInvalid",
    });
    await expect(renewCertificate(database.db, admin, pending!.id, "2027-02-30")).rejects.toBeInstanceOf(AppError);
    const [none] = await database.db.select().from(restaurants).where(eq(restaurants.slug, "no-supervision"));
    await expect(renewCertificate(database.db, admin, none!.id, "2028-01-01")).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await database.db.$count(restaurantChanges)).toBe(0);

    await renewCertificate(database.db, admin, pending!.id, "2028-04-01");
    const [after] = await database.db.select().from(restaurants).where(eq(restaurants.id, pending!.id));
    expect(after!.certificate_valid_until).toBe("2028-04-01");
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(and(eq(restaurantChanges.restaurant_id, pending!.id), eq(restaurantChanges.action, "update")));
    expect(change).toMatchObject({
      actor_email: emails.admin,
      changes: { certificate_valid_until: { old: "2027-04-01", new: "2028-04-01" } },
    });
    await expect(renewCertificate(database.db, SYSTEM, pending!.id, "2029-04-01")).resolves.toMatchObject({
      certificate: { validUntil: "2029-04-01" },
    });
  });

  it("the page's form (no JavaScript): an admin's post renews and comes back with a toast; a bad date answers 400 on its row", async () => {
    // The page judges on the real day: the listing ends in 10 days from it.
    const [soon] = await database.db
      .update(restaurants)
      .set({ certificate_valid_until: addDays(telAvivDay(new Date()), 10) })
      .where(eq(restaurants.slug, "soon"))
      .returning();
    const page = await callRoute(certificatesLoader, services, "/dashboard/certificates", as("admin"));
    expect((page.data as { certificates: { slug: string }[] }).certificates.map((item) => item.slug)).toContain("soon");
    const bad = await callRoute(certificatesAction, services, "/dashboard/certificates", {
      ...as("admin"),
      form: { restaurantId: soon!.id, validUntil: "not a day" },
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: "certificates.dateInvalid", restaurantId: soon!.id });
    const done = await callRoute(certificatesAction, services, "/dashboard/certificates", {
      ...as("admin"),
      form: { restaurantId: soon!.id, validUntil: "2099-05-01" },
    });
    expect(done.status).toBe(302);
    const [after] = await database.db.select().from(restaurants).where(eq(restaurants.id, soon!.id));
    expect(after!.certificate_valid_until).toBe("2099-05-01");
  });

  it("suggests the same day a year later (28 February for 29 February)", () => {
    expect(renewalSuggestion("2028-02-29", "2028-01-01")).toBe("2029-02-28");
    expect(renewalSuggestion("2027-04-19", "2027-04-10")).toBe("2028-04-19");
  });
});
