import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KASHRUT_VALUES, TAG_NAMES } from "../../app/features/restaurants/core/constants";
import { rowToRestaurant } from "../../app/features/restaurants/core/mapping";
import type { Restaurant } from "../../app/features/restaurants/core/types";
import { blogs } from "../../database/schema/blogs";
import { users } from "../../database/schema/auth";
import { profiles, userRoles } from "../../database/schema/people";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { uploads } from "../../database/schema/uploads";
import { namedFiles } from "../../app/features/restaurants/editing/uploads.server";
import type { PublicEvent } from "../../app/features/restaurants/core/public-history";
import { telAvivDay } from "../../app/lib/dates";
import { loader } from "../../app/routes/restaurant";
import { DEMO_ACCOUNTS, loadDemoData, loadDemoDataIfEmpty, loadDemoHistory } from "../../server/ops/demo-data";
import { createLocalStorage } from "../../server/uploads/storage";
import { DEMO_DINER_PASSWORD, DEMO_DINERS, DEMO_REVIEWS, loadDemoReviews } from "../../server/ops/demo-reviews";
import { isNewAccount } from "../../app/features/restaurants/reviews/index.server";
import { normalizeForSearch } from "../../app/lib/search-text";
import { REVIEW_HIDE_WEIGHT, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, VISIT_MONTH } from "../../database/reviews";
import {
  reviewDecisions,
  reviewReplies,
  reviewReplyEdits,
  reviewReports,
  reviewTotals,
  reviewVersions,
  reviewWatchedWords,
  reviews,
} from "../../database/schema/reviews";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createServices, createTestAuth, routeArgs } from "../setup/services";

let database: TestDatabase;
let uploadsDir: string;
let list: Restaurant[];
let loadedOn: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(path.join(tmpdir(), "kta-uploads-"));
  loadedOn = telAvivDay(new Date());
  const loaded = await loadDemoDataIfEmpty({
    db: database.db,
    auth: createTestAuth(database.db),
    storage: createLocalStorage(uploadsDir),
    isProduction: false,
  });
  expect(loaded).toBe(true);
  list = (await database.db.select().from(restaurants)).map(rowToRestaurant);
});
afterAll(async () => {
  await database?.destroy();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe("demo data", () => {
  it("has about 40 restaurants, English and Hebrew, covering every kashrut value and most tags", () => {
    expect(list.length).toBeGreaterThanOrEqual(35);
    expect(list.length).toBeLessThanOrEqual(45);
    expect(new Set(list.map((r) => r.kashrut))).toEqual(new Set(KASHRUT_VALUES));
    const tags = new Set(list.flatMap((r) => r.tags));
    expect(tags.size).toBeGreaterThan(TAG_NAMES.length * 0.75);
    expect(list.filter((r) => r.name.he).length).toBeGreaterThan(list.length * 0.8);
    expect(list.filter((r) => r.description?.he).length).toBeGreaterThan(list.length * 0.8);
  });

  it("says it is fictional", () => {
    for (const restaurant of list) expect(restaurant.description?.en).toMatch(/fictional demo/i);
  });

  it("has some closed, some without photo, and each link type both present and absent", () => {
    expect(list.some((r) => r.isPermanentlyClosed)).toBe(true);
    expect(list.some((r) => !r.isPermanentlyClosed)).toBe(true);
    expect(list.some((r) => !r.photo)).toBe(true);
    for (const key of ["wazeLink", "bookingLink", "woltLink", "onlineOrderLink", "kashrutWebsite", "teuda"] as const) {
      expect(
        list.some((r) => r[key]),
        `${key} present`,
      ).toBe(true);
      expect(
        list.some((r) => !r[key]),
        `${key} absent`,
      ).toBe(true);
    }
  });

  it("has every menu kind: none, link, PDF and images", () => {
    const kinds = new Set(
      list.map((r) =>
        r.menuImages.length > 0 ? "images" : r.menuLink?.endsWith(".pdf") ? "pdf" : r.menuLink ? "link" : "none",
      ),
    );
    expect(kinds).toEqual(new Set(["none", "link", "pdf", "images"]));
  });

  it("generates its photos and PDFs locally, as WebP in every listed width", () => {
    const photo = list.find((r) => r.photo)!.photo!;
    const base = photo.replace(/-1200\.webp$/, "");
    for (const width of [400, 800, 1200]) {
      expect(existsSync(path.join(uploadsDir, `${base}-${width}.webp`.replace(/^\/uploads\//, "")))).toBe(true);
    }
    const pdf = list.find((r) => r.menuLink?.endsWith(".pdf"))!.menuLink!;
    expect(existsSync(path.join(uploadsDir, pdf.replace(/^\/uploads\//, "")))).toBe(true);
  });

  it("records every generated file as an upload attached to its restaurant (so an owner may keep it, and its deletion follows the rules)", async () => {
    const rows = await database.db.select().from(restaurants);
    const recorded = await database.db.select().from(uploads);
    const expected = rows.flatMap((row) =>
      namedFiles(row).map((file) => ({ url: file.url, kind: file.kind, restaurant_id: row.id, uploaded_by: null })),
    );
    expect(expected.length).toBeGreaterThan(30);
    expect(
      recorded.map(({ url, kind, restaurant_id, uploaded_by }) => ({ url, kind, restaurant_id, uploaded_by })),
    ).toEqual(expect.arrayContaining(expected));
    expect(recorded).toHaveLength(expected.length);
  });

  it("has the spec's two sample posts", async () => {
    const titles = (await database.db.select({ title: blogs.title }).from(blogs)).map((b) => b.title);
    expect(titles.sort()).toEqual(["Top 5 Kosher Restaurants in Tel Aviv", "Understanding Kashrut Certifications"]);
  });

  it("creates a demo admin and a demo owner linked to restaurants, who can sign in", async () => {
    const auth = createTestAuth(database.db);
    for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
      const { user } = await auth.api.signInEmail({ body: { email: account.email, password: account.password } });
      const [row] = await database.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
      expect(row?.role).toBe(role);
      const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(profile?.firstName).toBe(account.firstName);
    }
    expect(await database.db.$count(restaurantOwners)).toBeGreaterThan(0);
  });

  it("is not loaded twice", async () => {
    const again = await loadDemoDataIfEmpty({
      db: database.db,
      auth: createTestAuth(database.db),
      storage: createLocalStorage(uploadsDir),
      isProduction: false,
    });
    expect(again).toBe(false);
    expect(await database.db.$count(restaurants)).toBe(list.length);
  });

  it("writes the listings' history once: seeding the history again adds nothing", async () => {
    const before = await database.db.select().from(restaurantChanges);
    expect(before.length).toBeGreaterThan(0);
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    expect(await loadDemoHistory(database.db, { id: admin!.id, email: admin!.email, role: "admin" })).toBe(0);
    const after = await database.db.select().from(restaurantChanges);
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
  });

  it("is refused in production", async () => {
    await expect(
      loadDemoData({
        db: database.db,
        auth: createTestAuth(database.db),
        storage: createLocalStorage(uploadsDir),
        isProduction: true,
      }),
    ).rejects.toThrow(/refused when NODE_ENV=production/);
  });
});

describe("demo history", () => {
  /** The restaurant page's History section for `slug`, as its loader gives it on the page in `language`. */
  async function pageHistory(slug: string, language: "en" | "he") {
    const url = `${language === "he" ? "/he" : "/en"}/restaurant/${slug}`;
    const data = await loader(routeArgs(createServices(database.db), url, undefined, { slug }));
    return { history: data.history, restaurant: data.restaurant };
  }
  const kinds = (events: PublicEvent[]) => events.map((event) => event.kind);

  it("gives a few listings a past that their page's History section shows, in English and in Hebrew", async () => {
    const withHistory: string[] = [];
    for (const { slug } of list) {
      const { history } = await pageHistory(slug, "en");
      if (history.length > 0) withHistory.push(slug);
    }
    expect(withHistory.length).toBeGreaterThanOrEqual(3);
    expect(withHistory.length).toBeLessThanOrEqual(5);

    const all: PublicEvent[] = [];
    for (const slug of withHistory) {
      const en = await pageHistory(slug, "en");
      const he = await pageHistory(slug, "he");
      expect(he.history, slug).toEqual(en.history);
      all.push(...en.history);
      // Newest first, every day in the past months (none today, none in the future, none over a year ago).
      const days = en.history.map((event) => event.day);
      expect(days, slug).toEqual([...days].sort().reverse());
      for (const day of days) {
        expect(day < loadedOn, `${slug}: ${day}`).toBe(true);
        expect(day > telAvivDay(new Date(Date.now() - 366 * 86_400_000)), `${slug}: ${day}`).toBe(true);
      }
      // The page's "last verified" is the newest verification of the history.
      const verified = en.history.find((event) => event.kind === "verified");
      expect(en.restaurant.lastVerified, slug).toBe(verified?.day);
      // The listing now is what its history ends with.
      const kashrut = en.history.find((event) => event.kind === "kashrut");
      if (kashrut?.kind === "kashrut") expect(en.restaurant.kashrut, slug).toBe(kashrut.to);
      const closing = en.history.find((event) => event.kind === "closed" || event.kind === "reopened");
      if (closing) expect(en.restaurant.isPermanentlyClosed, slug).toBe(closing.kind === "closed");
    }
    expect(new Set(kinds(all))).toEqual(new Set(["kashrut", "closed", "reopened", "verified"]));
  });

  it("tells a kashrut authority change, and a closing followed by the reopening", async () => {
    const smoke = await pageHistory("smoke-signal-bbq", "he");
    expect(smoke.history.filter((event) => event.kind === "kashrut")).toEqual([
      expect.objectContaining({ from: "rabanut", to: "mehadrin" }),
    ]);
    expect(smoke.restaurant.kashrutWebsite).toContain("/mehadrin/");
    const nonna = await pageHistory("nonna-shira", "en");
    expect(kinds(nonna.history).filter((kind) => kind !== "verified")).toEqual(["reopened", "closed"]);
    expect(nonna.restaurant.isPermanentlyClosed).toBe(false);
  });

  it("is written through the change path, by the demo admin, back-dated", async () => {
    const changes = await database.db.select().from(restaurantChanges);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(change.actor_email).toBe(DEMO_ACCOUNTS.admin.email);
      expect(change.actor_id).not.toBeNull();
      expect(telAvivDay(change.created_at) < loadedOn).toBe(true);
      // Only what the story changes: the form's save of a new authority (its certificate's body and
      // level, whose reading the kashrut value is: ADR 032) touches nothing else.
      for (const field of Object.keys(change.changes)) {
        expect(
          [
            "kashrut",
            "certificate_body",
            "certificate_level",
            "kashrut_website",
            "is_permanently_closed",
            "last_verified",
          ],
          `${change.restaurant_name}: ${field}`,
        ).toContain(field);
      }
    }
  });
});

describe("demo reviews", () => {
  const byId = (id: string) => list.find((restaurant) => restaurant.id === id)!;

  it("writes every demo review, each by a demo diner who can sign in, one per diner and place", async () => {
    const rows = await database.db.select().from(reviews);
    expect(rows).toHaveLength(DEMO_REVIEWS.length);
    const auth = createTestAuth(database.db);
    const diners = new Map<string, string>();
    for (const diner of DEMO_DINERS) {
      const { user } = await auth.api.signInEmail({ body: { email: diner.email, password: DEMO_DINER_PASSWORD } });
      diners.set(user.id, diner.email);
    }
    for (const row of rows) expect(diners.has(row.author_id), row.body).toBe(true);
    expect(new Set(rows.map((row) => `${row.restaurant_id}/${row.author_id}`)).size).toBe(rows.length);
  });

  it("publishes reviews in both languages on several places, within the rules, and the totals follow", async () => {
    const published = await database.db.select().from(reviews).where(eq(reviews.status, "published"));
    expect(new Set(published.map((row) => row.language))).toEqual(new Set(["he", "en"]));
    expect(new Set(published.map((row) => row.restaurant_id)).size).toBeGreaterThanOrEqual(4);
    const thisMonth = loadedOn.slice(0, 7);
    for (const row of await database.db.select().from(reviews)) {
      expect(row.body.length, row.body).toBeGreaterThanOrEqual(REVIEW_TEXT_MIN);
      expect(row.body.length, row.body).toBeLessThanOrEqual(REVIEW_TEXT_MAX);
      expect(row.body, row.body).toMatch(row.language === "he" ? /[\u05D0-\u05EA]/ : /^[^\u05D0-\u05EA]+$/);
      expect(row.visit_month).toMatch(VISIT_MONTH);
      expect(row.visit_month <= thisMonth, row.visit_month).toBe(true);
      // Published ones with their day; no other.
      expect(row.published_at !== null, row.body).toBe(row.status === "published" || row.status === "hidden");
    }
    // The database's own totals agree with what is published, place by place.
    for (const restaurantId of new Set(published.map((row) => row.restaurant_id))) {
      const mine = published.filter((row) => row.restaurant_id === restaurantId);
      const [totals] = await database.db
        .select()
        .from(reviewTotals)
        .where(eq(reviewTotals.restaurant_id, restaurantId));
      expect(totals, byId(restaurantId).slug).toMatchObject({
        count: mine.length,
        stars: mine.reduce((sum, row) => sum + row.rating, 0),
      });
    }
    // A listing's linked owners never review it.
    const owners = await database.db.select().from(restaurantOwners);
    for (const row of await database.db.select().from(reviews))
      expect(owners.some((o) => o.restaurant_id === row.restaurant_id && o.user_id === row.author_id)).toBe(false);
  });

  it("has an edited review with its earlier version, and the demo owner's reply (edited once) on their own listing", async () => {
    const versions = await database.db.select().from(reviewVersions);
    expect(versions.length).toBeGreaterThanOrEqual(1);
    for (const version of versions) {
      const [review] = await database.db.select().from(reviews).where(eq(reviews.id, version.review_id));
      expect(review!.status).toBe("published");
      expect(version.body).not.toBe(review!.body);
      expect(version.written_at.getTime()).toBeLessThan(review!.updated_at.getTime());
    }
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.owner.email));
    const replies = await database.db.select().from(reviewReplies);
    expect(replies.length).toBeGreaterThanOrEqual(1);
    for (const reply of replies) {
      expect(reply.author_id).toBe(owner!.id);
      const [review] = await database.db.select().from(reviews).where(eq(reviews.id, reply.review_id));
      expect(review!.status).toBe("published");
      const owned = await database.db
        .select()
        .from(restaurantOwners)
        .where(eq(restaurantOwners.restaurant_id, review!.restaurant_id));
      expect(owned.map((o) => o.user_id)).toContain(owner!.id);
    }
    const edits = await database.db.select().from(reviewReplyEdits);
    expect(edits.map((edit) => edit.review_id)).toEqual(expect.arrayContaining([replies[0]!.review_id]));
  });

  it("gives the queue work: a new account's first review and a watched word held, one hidden by reports, a second look asked", async () => {
    const held = await database.db.select().from(reviews).where(eq(reviews.status, "held"));
    const signals = held.flatMap((row) => row.held_for);
    expect(signals).toEqual(expect.arrayContaining(["new-account", "first-review", "watched-word"]));
    const newcomer = held.find((row) => row.held_for.includes("new-account"))!;
    const [author] = await database.db.select().from(users).where(eq(users.id, newcomer.author_id));
    expect(isNewAccount(author!, 7, new Date())).toBe(true);
    expect(await database.db.$count(reviews, eq(reviews.author_id, newcomer.author_id))).toBe(1);

    // The watched words are stored folded, and the held text holds one of them as a whole phrase.
    const words = (await database.db.select().from(reviewWatchedWords)).map((row) => row.word);
    expect(words.length).toBeGreaterThanOrEqual(3);
    for (const word of words) expect(normalizeForSearch(word)).toBe(word);
    const watched = held.find((row) => row.held_for.includes("watched-word"))!;
    expect(words.some((word) => ` ${normalizeForSearch(watched.body)} `.includes(` ${word} `))).toBe(true);

    const [hidden] = await database.db.select().from(reviews).where(eq(reviews.status, "hidden"));
    const reports = await database.db.select().from(reviewReports).where(eq(reviewReports.review_id, hidden!.id));
    expect(reports.every((report) => report.settled_at === null && report.reporter_id !== hidden!.author_id)).toBe(
      true,
    );
    expect(reports.reduce((sum, report) => sum + report.weight, 0)).toBeGreaterThanOrEqual(REVIEW_HIDE_WEIGHT);
    const hiding = await database.db.select().from(reviewDecisions).where(eq(reviewDecisions.review_id, hidden!.id));
    expect(hiding).toEqual([expect.objectContaining({ decision: "hidden", actor_id: null, actor_email: "reports" })]);

    const [rejected] = await database.db.select().from(reviews).where(eq(reviews.status, "rejected"));
    expect(rejected!.rejection_reason).toBeTruthy();
    expect(rejected!.second_look_at).not.toBeNull();
    const decisions = await database.db
      .select()
      .from(reviewDecisions)
      .where(eq(reviewDecisions.review_id, rejected!.id))
      .orderBy(reviewDecisions.created_at);
    expect(decisions.map((d) => [d.decision, d.actor_email])).toEqual([
      ["rejected", DEMO_ACCOUNTS.admin.email],
      ["second-look", DEMO_DINERS.find((diner) => diner.key === "david")!.email],
    ]);
  });

  it("is written once: loading the reviews again adds nothing", async () => {
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.owner.email));
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    const before = await database.db.$count(reviews);
    expect(
      await loadDemoReviews(database.db, createTestAuth(database.db), {
        ownerId: owner!.id,
        admin: { id: admin!.id, email: admin!.email },
      }),
    ).toBe(0);
    expect(await database.db.$count(reviews)).toBe(before);
  });
});
