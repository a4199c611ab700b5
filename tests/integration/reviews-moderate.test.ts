// Reviews' moderation, through the domain functions and the routes as the server runs them:
// reporting a review (one report per account, weights 2 and 1, the hiding threshold and its logged
// decision, the author's own review, a kashrut concern also filed as a problem report), the owner's
// reply (once, edits logged; a diner, an admin or another owner refused), the admins' queue (its
// lists, approve and reject with a reason, each decision logged and settling the reports, a second
// look), the watched words (folded, duplicates refused), and the permission matrix: a refused action
// changes nothing. Review rows are inserted directly, as the writing side would store them.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decideReview, listModeration } from "../../app/features/restaurants/reviews/moderation.server";
import { replyToReview } from "../../app/features/restaurants/reviews/replies.server";
import { REVIEW_REPORT_LIMITS, reportReview } from "../../app/features/restaurants/reviews/reports.server";
import {
  addWatchedWord,
  listWatchedWords,
  removeWatchedWord,
} from "../../app/features/restaurants/reviews/watched-words.server";
import type { AppServices } from "../../app/lib/context";
import type { EmailContent } from "../../app/lib/emails";
import { AppError } from "../../app/lib/errors";
import { action as queueAction, loader as queueLoader } from "../../app/routes/dashboard/reviews";
import { action as wordsAction, loader as wordsLoader } from "../../app/routes/dashboard/review-words";
import { loader as layoutLoader } from "../../app/routes/dashboard/layout";
import { action as replyAction, loader as replyLoader } from "../../app/routes/review-reply";
import { action as reportAction, loader as reportLoader } from "../../app/routes/review-report";
import { REVIEW_HIDE_WEIGHT, type HoldSignal, type ReviewStatus } from "../../database/reviews";
import { insertRestaurant } from "../../database/factories";
import { users } from "../../database/schema/auth";
import { rateLimits } from "../../database/schema/people";
import { reports } from "../../database/schema/reports";
import { restaurantOwners, restaurants } from "../../database/schema/restaurants";
import {
  reviewDecisions,
  reviewReplies,
  reviewReplyEdits,
  reviewReports,
  reviews,
  reviewTotals,
  reviewVersions,
  reviewWatchedWords,
} from "../../database/schema/reviews";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

type Who = "visitor" | "author" | "diner" | "diner2" | "fresh" | "unverified" | "owner" | "owner2" | "admin";

let database: TestDatabase;
let services: AppServices;
const cookies: Partial<Record<Who, string>> = {};
const accounts: Partial<Record<Who, { id: string; email: string; role: "guest" | "owner" | "admin" }>> = {};
const ids: Record<string, string> = {};
const OLD = new Date("2025-01-01T00:00:00Z");
let outbox: { to: string; content: EmailContent }[] = [];

async function makeUser(
  who: Exclude<Who, "visitor">,
  role: "guest" | "owner" | "admin",
  { verified = true, established = true } = {},
) {
  const user = await signedInUser(services, {
    email: `${who}@moderate.example`,
    role,
    firstName: who,
    emailVerified: verified,
  });
  // A new account is younger than REVIEW_NEW_ACCOUNT_DAYS; an established one is older.
  if (established) await database.db.update(users).set({ createdAt: OLD }).where(eq(users.id, user.id));
  cookies[who] = user.cookie;
  accounts[who] = { id: user.id, email: user.email, role };
}

const actor = (who: Exclude<Who, "visitor">) => accounts[who]!;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, { sendEmail: async (to, content) => void outbox.push({ to, content }) });
  await makeUser("author", "guest");
  await makeUser("diner", "guest");
  await makeUser("diner2", "guest");
  await makeUser("fresh", "guest", { established: false });
  await makeUser("unverified", "guest", { verified: false });
  await makeUser("owner", "owner");
  await makeUser("owner2", "owner");
  await makeUser("admin", "admin");
});

beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(rateLimits);
  await database.db.delete(reviewWatchedWords);
  await database.db.delete(reports);
  outbox = [];
  const place = await insertRestaurant(database.db, {
    slug: "falafel-place",
    name_en: "Falafel Place",
    name_he: "פלאפל",
  });
  const other = await insertRestaurant(database.db, { slug: "other-place", name_en: "Other Place" });
  ids.place = place.id;
  ids.other = other.id;
  await database.db.insert(restaurantOwners).values({ restaurant_id: place.id, user_id: actor("owner").id });
  await database.db.insert(restaurantOwners).values({ restaurant_id: other.id, user_id: actor("owner2").id });
});

afterAll(async () => {
  await database?.destroy();
});

/** A review row as the writing side stores it. */
async function insertReview(
  options: {
    status?: ReviewStatus;
    heldFor?: HoldSignal[];
    restaurantId?: string;
    authorId?: string;
    body?: string;
  } = {},
): Promise<string> {
  const status = options.status ?? "published";
  const [row] = await database.db
    .insert(reviews)
    .values({
      restaurant_id: options.restaurantId ?? ids.place!,
      author_id: options.authorId ?? actor("author").id,
      rating: 4,
      body: options.body ?? "The falafel was crisp and the salads were fresh; friendly service.",
      language: "en",
      ate_here: true,
      visit_month: "2026-10",
      status,
      held_for: options.heldFor ?? [],
      published_at: status === "published" ? new Date() : null,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const as = (who: Who) => (who === "visitor" ? {} : { cookie: cookies[who]! });
const reportUrl = (id: string, language = "en", slug = "falafel-place") =>
  `/${language}/restaurant/${slug}/reviews/${id}/report`;
const replyUrl = (id: string, language = "en", slug = "falafel-place") =>
  `/${language}/restaurant/${slug}/reviews/${id}/reply`;

const report = (who: Who, id: string, form: Record<string, string> = { reason: "spam", note: "" }, language = "en") =>
  callRoute(reportAction, services, reportUrl(id, language), {
    ...as(who),
    form,
    params: { slug: "falafel-place", id },
  });

const reply = (who: Who, id: string, body: string, slug = "falafel-place") =>
  callRoute(replyAction, services, replyUrl(id, "en", slug), { ...as(who), form: { body }, params: { slug, id } });

const statusOf = async (id: string) =>
  (await database.db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id)))[0]?.status;
const reportsOf = (id: string) => database.db.select().from(reviewReports).where(eq(reviewReports.review_id, id));
const decisionsOf = (id: string) =>
  database.db
    .select()
    .from(reviewDecisions)
    .where(eq(reviewDecisions.review_id, id))
    .orderBy(reviewDecisions.created_at);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("reporting a review", () => {
  it("weighs an established account's report 2 and a new or unverified account's 1", async () => {
    const id = await insertReview();
    for (const who of ["diner", "fresh", "unverified"] as const) expect((await report(who, id)).status).toBe(200);
    const weights = Object.fromEntries((await reportsOf(id)).map((row) => [row.reporter_id, row.weight]));
    expect(weights).toEqual({ [actor("diner").id]: 2, [actor("fresh").id]: 1, [actor("unverified").id]: 1 });
  });

  it("hides a published review when the open reports reach the threshold, logging the reports' decision", async () => {
    expect(REVIEW_HIDE_WEIGHT).toBe(4);
    const id = await insertReview();
    const [before] = await database.db.select().from(reviewTotals).where(eq(reviewTotals.restaurant_id, ids.place!));
    expect(before?.count).toBe(1);
    // 2 (established) + 1 (new) = 3: still shown.
    await report("diner", id);
    await report("fresh", id, { reason: "attack", note: "Rude about the waiter by name" });
    expect(await statusOf(id)).toBe("published");
    expect(await decisionsOf(id)).toEqual([]);
    // + 2 = 5 >= 4: hidden, and the totals no longer count it (the database's trigger).
    const outcome = await report("diner2", id, { reason: "spam", note: "" });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({ ok: true, reported: { hidden: true, weight: 2 } });
    expect(await statusOf(id)).toBe("hidden");
    const decisions = await decisionsOf(id);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ decision: "hidden", actor_id: null, actor_email: "reports" });
    const [after] = await database.db.select().from(reviewTotals).where(eq(reviewTotals.restaurant_id, ids.place!));
    expect(after?.count).toBe(0);
  });

  it("takes one report per account and review: a second says so and stores nothing", async () => {
    const id = await insertReview();
    expect((await report("diner", id)).status).toBe(200);
    const again = await report("diner", id, { reason: "other", note: "again" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "reviewModerate.alreadyReported" });
    expect(await reportsOf(id)).toHaveLength(1);
    const page = await callRoute(reportLoader, services, reportUrl(id), {
      ...as("diner"),
      params: { slug: "falafel-place", id },
    });
    expect(page.data).toMatchObject({ reported: true, own: false, signedIn: true });
  });

  it("refuses the author's own review, a visitor, an unpublished review and a bad form, storing nothing", async () => {
    const id = await insertReview();
    const own = await report("author", id);
    expect(own.status).toBe(403);
    expect(own.data).toMatchObject({ error: "reviewModerate.ownReview" });
    expect((await report("visitor", id)).status).toBe(403);
    const noReason = await report("diner", id, { reason: "", note: "" });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({ errors: { reason: "reviewModerate.reasonRequired" } });
    const badReason = await report("diner", id, { reason: "sentiment", note: "" });
    expect(badReason.status).toBe(400);
    const held = await insertReview({ status: "held", authorId: actor("diner2").id });
    const toHeld = await report("diner", held);
    expect(toHeld.status).toBe(404);
    expect(toHeld.data).toMatchObject({ error: "reviewModerate.notFound" });
    const elsewhere = await callRoute(reportAction, services, reportUrl(id, "en", "other-place"), {
      ...as("diner"),
      form: { reason: "spam" },
      params: { slug: "other-place", id },
    });
    expect(elsewhere.status).toBe(404);
    const malformed = await callRoute(reportAction, services, reportUrl("not-a-uuid"), {
      ...as("diner"),
      form: { reason: "spam" },
      params: { slug: "falafel-place", id: "not-a-uuid" },
    });
    expect(malformed.status).toBe(404);
    expect(await database.db.select().from(reviewReports)).toEqual([]);
  });

  it("lets an owner report a review of their own place, but not hide or delete it", async () => {
    const id = await insertReview();
    expect((await report("owner", id)).status).toBe(200);
    // Their report weighs nothing: with an established diner's (2) and a new account's (1) it still shows.
    expect((await reportsOf(id)).map((row) => row.weight)).toEqual([0]);
    await report("diner", id);
    await report("fresh", id);
    expect(await statusOf(id)).toBe("published");
    // Another place's owner is a diner here: their report weighs 2 and hides it (2 + 1 + 2 >= 4).
    await report("owner2", id);
    expect(await statusOf(id)).toBe("hidden");
    // Nor can they decide it (show it again, or reject it).
    for (const verdict of [{ intent: "approve" }, { intent: "reject", reason: "no" }] as const) {
      const error = await refusal(decideReview(services, { ...actor("owner") }, id, verdict));
      expect(error.code).toBe("forbidden");
    }
    expect(await statusOf(id)).toBe("hidden");
  });

  it("files a kashrut concern in the problem reports too, quoting the review", async () => {
    const id = await insertReview({ body: "The place says mehadrin but I saw no certificate on the wall." });
    const outcome = await report("diner", id, { reason: "kashrut", note: "" }, "he");
    expect(outcome.status).toBe(200);
    const problems = await database.db.select().from(reports).where(eq(reports.restaurant_id, ids.place!));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.reason).toBe("kashrut");
    expect(problems[0]?.note).toContain("I saw no certificate on the wall");
    // Another reason files no problem report.
    await report("diner2", id, { reason: "spam", note: "" });
    expect(await database.db.select().from(reports)).toHaveLength(1);
  });

  it("asks a visitor to sign in, and tells the author the review is theirs", async () => {
    const id = await insertReview();
    const visitor = await callRoute(reportLoader, services, reportUrl(id, "he"), {
      params: { slug: "falafel-place", id },
    });
    expect(visitor.data).toMatchObject({ signedIn: false, shown: true });
    const author = await callRoute(reportLoader, services, reportUrl(id), {
      ...as("author"),
      params: { slug: "falafel-place", id },
    });
    expect(author.data).toMatchObject({ own: true });
    expect(JSON.stringify(author.data)).not.toContain(actor("author").id);
  });

  it("limits how many reviews one account reports in a day", async () => {
    const { max } = REVIEW_REPORT_LIMITS.perAccount;
    const reviewOn = async (n: number) => {
      const place = await insertRestaurant(database.db, { slug: `limit-${n}`, name_en: `Limit ${n}` });
      return { slug: place.slug, reviewId: await insertReview({ restaurantId: place.id }) };
    };
    const values = { reason: "spam" as const, note: "" };
    for (let n = 0; n < max; n++) await reportReview(services, actor("diner"), { ...(await reviewOn(n)), values });
    const last = await reviewOn(max);
    const error = await refusal(reportReview(services, actor("diner"), { ...last, values }));
    expect(error.code).toBe("rateLimited");
    expect(await reportsOf(last.reviewId)).toEqual([]);
  });
});

describe("the owner's reply", () => {
  it("is written once per review by a linked owner; posting again edits it and logs the text it replaced", async () => {
    const id = await insertReview();
    const first = await reply("owner", id, "Thank you for coming!");
    expect(first.data).toEqual({ saved: "created" });
    const same = await reply("owner", id, "Thank you for coming!");
    expect(same.data).toEqual({ saved: "unchanged" });
    const edited = await reply("owner", id, "Thank you for coming! See you again.");
    expect(edited.data).toEqual({ saved: "edited" });
    const replies = await database.db.select().from(reviewReplies).where(eq(reviewReplies.review_id, id));
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toBe("Thank you for coming! See you again.");
    const edits = await database.db.select().from(reviewReplyEdits).where(eq(reviewReplyEdits.review_id, id));
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ previous_body: "Thank you for coming!", editor_id: actor("owner").id });
    const page = await callRoute(replyLoader, services, replyUrl(id), {
      ...as("owner"),
      params: { slug: "falafel-place", id },
    });
    expect(page.data).toMatchObject({ allowed: true, reply: { body: "Thank you for coming! See you again." } });
  });

  it("is refused to a diner, an admin and another place's owner (403, nothing stored); a visitor is sent to sign in", async () => {
    const id = await insertReview();
    for (const who of ["diner", "author", "admin", "owner2"] as const) {
      const outcome = await reply(who, id, "Not mine to answer");
      expect(outcome.status, who).toBe(403);
      const page = await callRoute(replyLoader, services, replyUrl(id), {
        ...as(who),
        params: { slug: "falafel-place", id },
      });
      expect(page.status, who).toBe(403);
    }
    expect((await reply("visitor", id, "Hello")).status).toBe(403);
    // The domain asks the rule book itself, whoever calls it.
    const values = { body: "In the restaurant's name" };
    const byAdmin = replyToReview(database.db, actor("admin"), { slug: "falafel-place", reviewId: id, values });
    expect((await refusal(byAdmin)).code).toBe("forbidden");
    const visitor = await callRoute(replyLoader, services, replyUrl(id, "he"), {
      params: { slug: "falafel-place", id },
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/he/login");
    expect(await database.db.select().from(reviewReplies)).toEqual([]);
  });

  it("is only for a published review, and must have a text", async () => {
    const held = await insertReview({ status: "held" });
    expect((await reply("owner", held, "Thanks")).status).toBe(404);
    const id = await insertReview({ authorId: actor("diner").id });
    const empty = await reply("owner", id, "   ");
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ errors: { body: "reviewModerate.replyRequired" } });
    const tooLong = await reply("owner", id, "x".repeat(2_001));
    expect(tooLong.status).toBe(400);
    expect(await database.db.select().from(reviewReplies)).toEqual([]);
  });

  it("nobody edits another's review through a reply or a report: the review's text stays as its author wrote it", async () => {
    const id = await insertReview({ body: "Original words of the author, kept as they are." });
    await reply("owner", id, "Our answer");
    await report("diner", id, { reason: "other", note: "Please change the text to something else" });
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.body).toBe("Original words of the author, kept as they are.");
    expect(await database.db.select().from(reviewVersions).where(eq(reviewVersions.review_id, id))).toEqual([]);
  });
});

describe("the moderation queue", () => {
  const decide = (who: Who, form: Record<string, string>, language = "en") =>
    callRoute(queueAction, services, `${language === "he" ? "/he" : ""}/dashboard/reviews?tab=held`, {
      ...as(who),
      form,
    });

  it("lists held, reported and second-look reviews with their signals, reports and log; the menu counts them", async () => {
    const held = await insertReview({ status: "held", heldFor: ["new-account", "watched-word"] });
    const reported = await insertReview({ authorId: actor("diner2").id });
    await report("diner", reported, { reason: "attack", note: "names the waiter" });
    const rejected = await insertReview({ status: "rejected", authorId: actor("fresh").id });
    await database.db
      .update(reviews)
      .set({ rejection_reason: "Not about the food", second_look_at: new Date() })
      .where(eq(reviews.id, rejected));
    await database.db.insert(reviewDecisions).values([
      {
        review_id: rejected,
        decision: "rejected",
        reason: "Not about the food",
        actor_email: "admin@moderate.example",
        created_at: new Date(Date.now() - 60_000),
      },
      {
        review_id: rejected,
        decision: "second-look",
        reason: "It is about the food",
        actor_id: actor("fresh").id,
        actor_email: "fresh@moderate.example",
      },
    ]);
    await insertReview({ authorId: actor("unverified").id }); // published, no reports: not in the queue

    const heldList = await listModeration(database.db, actor("admin"), { tab: "held" });
    expect(heldList.counts).toEqual({ held: 1, reported: 1, "second-look": 1 });
    expect(heldList.reviews.map((review) => review.id)).toEqual([held]);
    expect(heldList.reviews[0]).toMatchObject({
      heldFor: ["new-account", "watched-word"],
      place: { slug: "falafel-place" },
    });
    const reportedList = await listModeration(database.db, actor("admin"), { tab: "reported" });
    expect(reportedList.reviews[0]).toMatchObject({
      id: reported,
      status: "published",
      openWeight: 2,
      reports: [{ reason: "attack", note: "names the waiter", weight: 2, reporter: "diner@moderate.example" }],
    });
    const second = await listModeration(database.db, actor("admin"), { tab: "second-look" });
    expect(second.reviews[0]?.decisions.map((decision) => decision.decision)).toEqual(["rejected", "second-look"]);

    const page = await callRoute(queueLoader, services, "/he/dashboard/reviews?tab=reported", as("admin"));
    expect(page.data).toMatchObject({ tab: "reported", hideWeight: REVIEW_HIDE_WEIGHT });
    const menu = await callRoute(layoutLoader, services, "/dashboard", as("admin"));
    expect(menu.data).toMatchObject({ openReviews: 3 });
    const ownerMenu = await callRoute(layoutLoader, services, "/dashboard", as("owner"));
    expect(ownerMenu.data).toMatchObject({ openReviews: null });
  });

  it("approves a held review: published now, logged with who, its open reports settled", async () => {
    const id = await insertReview({ status: "held", heldFor: ["first-review"] });
    const outcome = await decide("admin", { intent: "approve", reviewId: id });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/dashboard/reviews?tab=held");
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.status).toBe("published");
    expect(row?.published_at).not.toBeNull();
    expect(await decisionsOf(id)).toMatchObject([
      { decision: "approved", actor_id: actor("admin").id, actor_email: actor("admin").email, reason: "" },
    ]);
    // Decided: a second approval is refused with a message.
    const again = await decide("admin", { intent: "approve", reviewId: id });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "reviewQueue.alreadyDecided", reviewId: id });
  });

  it("decides a hidden review: approving it shows it again and settles its reports (they count no more)", async () => {
    const id = await insertReview();
    await report("diner", id);
    await report("diner2", id);
    expect(await statusOf(id)).toBe("hidden");
    expect((await decide("admin", { intent: "approve", reviewId: id })).status).toBe(302);
    expect(await statusOf(id)).toBe("published");
    expect((await reportsOf(id)).every((row) => row.settled_at !== null)).toBe(true);
    // A new report starts from zero: one established report (2) does not hide it again.
    await report("owner", id);
    expect(await statusOf(id)).toBe("published");
    expect((await decisionsOf(id)).map((row) => row.decision)).toEqual(["hidden", "approved"]);
    expect(outbox.map((mail) => mail.content.subject)).toEqual(["Your review of Falafel Place is published"]);
  });

  it("rejects with a reason the author sees; without a reason it is refused and nothing changes", async () => {
    const id = await insertReview({ status: "held", heldFor: ["link"] });
    const bare = await decide("admin", { intent: "reject", reviewId: id, reason: "  " }, "he");
    expect(bare.status).toBe(400);
    expect(bare.data).toMatchObject({ errors: { reason: "reviewQueue.reasonRequired" }, reviewId: id });
    const long = await decide("admin", { intent: "reject", reviewId: id, reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await statusOf(id)).toBe("held");
    expect(await decisionsOf(id)).toEqual([]);
    const outcome = await decide("admin", {
      intent: "reject",
      reviewId: id,
      reason: "Links to a shop are not allowed.",
    });
    expect(outcome.status).toBe(302);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ status: "rejected", rejection_reason: "Links to a shop are not allowed." });
    expect(await decisionsOf(id)).toMatchObject([{ decision: "rejected", reason: "Links to a shop are not allowed." }]);
    // The author is told, in the language the review is written in, with the reason and their review's page.
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.to).toBe(actor("author").email);
    expect(outbox[0]?.content.subject).toBe("Your review of Falafel Place was not published");
    expect(outbox[0]?.content.text).toContain("The reason: Links to a shop are not allowed.");
    expect(outbox[0]?.content.text).toContain("http://127.0.0.1/en/restaurant/falafel-place/review");
    // A rejection without a second look asked waits for nothing.
    expect((await decide("admin", { intent: "approve", reviewId: id })).status).toBe(409);
  });

  it("decides a second look again: approving the rejected review publishes it and clears the reason", async () => {
    const id = await insertReview({ status: "held" });
    await decideReview(services, actor("admin"), id, { intent: "reject", reason: "Off topic" });
    // The author's side asks (as part W does): second_look_at and a logged request.
    await database.db.update(reviews).set({ second_look_at: new Date() }).where(eq(reviews.id, id));
    await database.db.insert(reviewDecisions).values({
      review_id: id,
      decision: "second-look",
      reason: "It is about the food",
      actor_id: actor("author").id,
      actor_email: actor("author").email,
      created_at: new Date(Date.now() + 1_000),
    });
    expect((await listModeration(database.db, actor("admin"), { tab: "second-look" })).reviews).toHaveLength(1);
    await decideReview(services, actor("admin"), id, { intent: "approve" }, new Date(Date.now() + 2_000));
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ status: "published", rejection_reason: null });
    expect((await listModeration(database.db, actor("admin"), { tab: "second-look" })).reviews).toHaveLength(0);
  });

  it("is for admins only: anyone else is refused (403) and nothing changes", async () => {
    const id = await insertReview({ status: "held" });
    for (const who of ["owner", "diner", "author"] as const) {
      expect((await decide(who, { intent: "approve", reviewId: id })).status, who).toBe(403);
      const error = await refusal(decideReview(services, { ...actor(who) }, id, { intent: "approve" }));
      expect(error.code).toBe("forbidden");
      expect((await callRoute(queueLoader, services, "/dashboard/reviews", as(who))).status).not.toBe(200);
    }
    expect((await decide("visitor", { intent: "approve", reviewId: id })).status).toBe(302);
    expect(await statusOf(id)).toBe("held");
    expect(await decisionsOf(id)).toEqual([]);
  });

  it("refuses an unknown review or intent with a message (never a 500)", async () => {
    expect((await decide("admin", { intent: "approve", reviewId: "nope" })).status).toBe(404);
    expect((await decide("admin", { intent: "approve", reviewId: crypto.randomUUID() })).status).toBe(404);
    expect((await decide("admin", { intent: "delete", reviewId: crypto.randomUUID() })).status).toBe(400);
  });
});

describe("the watched words", () => {
  const post = (who: Who, form: Record<string, string>) =>
    callRoute(wordsAction, services, "/dashboard/reviews/words", { ...as(who), form });

  it("adds a word folded as search folds text, refuses a duplicate or a too-short word, and removes it", async () => {
    expect((await post("admin", { intent: "add", word: "  SCAM  " })).status).toBe(302);
    expect((await post("admin", { intent: "add", word: "שָׁלוֹם" })).status).toBe(302);
    const words = await listWatchedWords(database.db, actor("admin"));
    expect(words.map((word) => word.word).sort()).toEqual(["scam", "שלומ"].sort());
    expect(words[0]?.addedBy).toBe(actor("admin").email);
    const duplicate = await post("admin", { intent: "add", word: "Scam" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.data).toMatchObject({ error: "reviewQueue.wordExists", values: { word: "scam" } });
    const short = await post("admin", { intent: "add", word: " x " });
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({ error: "reviewQueue.wordTooShort" });
    expect((await post("admin", { intent: "add", word: "y".repeat(61) })).status).toBe(400);
    expect((await post("admin", { intent: "add", word: "a\u0000b" })).status).toBe(400);
    expect((await post("admin", { intent: "remove", word: "scam" })).status).toBe(302);
    expect((await post("admin", { intent: "remove", word: "scam" })).status).toBe(404);
    const page = await callRoute(wordsLoader, services, "/he/dashboard/reviews/words", as("admin"));
    expect(page.data).toMatchObject({ words: [{ word: "שלומ" }] });
  });

  it("is for admins only", async () => {
    await addWatchedWord(database.db, actor("admin"), "spam");
    for (const who of ["owner", "diner"] as const) {
      expect((await post(who, { intent: "add", word: "other" })).status, who).toBe(403);
      expect((await post(who, { intent: "remove", word: "spam" })).status, who).toBe(403);
      expect((await refusal(removeWatchedWord(database.db, actor(who), "spam"))).code).toBe("forbidden");
    }
    const rows = await database.db.select().from(reviewWatchedWords);
    expect(rows.map((row) => row.word)).toEqual(["spam"]);
    expect(
      await database.db
        .select()
        .from(reviewWatchedWords)
        .where(and(eq(reviewWatchedWords.word, "other"))),
    ).toEqual([]);
  });
});

// Every new page for every kind of account: ok, sent to log in (or home, for the dashboard's
// guests), or refused (403).
describe("the permission matrix of the new pages", () => {
  const ROLES = ["visitor", "diner", "author", "owner", "owner2", "admin"] as const;
  type Verdict = "ok" | "login" | "home" | "forbidden";
  const verdict = (outcome: { status: number; location?: string | null }): Verdict => {
    if (outcome.location?.includes("/login")) return "login";
    if (outcome.location === "/" || outcome.location === "/he") return "home";
    if (outcome.status === 403) return "forbidden";
    return outcome.status < 400 ? "ok" : "forbidden";
  };
  const matrix: Record<string, { run: (who: Who, id: string) => Promise<{ status: number }>; expected: Verdict[] }> = {
    "report page": {
      run: (who, id) =>
        callRoute(reportLoader, services, reportUrl(id), { ...as(who), params: { slug: "falafel-place", id } }),
      expected: ["ok", "ok", "ok", "ok", "ok", "ok"],
    },
    "reply page": {
      run: (who, id) =>
        callRoute(replyLoader, services, replyUrl(id), { ...as(who), params: { slug: "falafel-place", id } }),
      expected: ["login", "forbidden", "forbidden", "ok", "forbidden", "forbidden"],
    },
    "moderation queue": {
      run: (who) => callRoute(queueLoader, services, "/dashboard/reviews", as(who)),
      expected: ["login", "home", "home", "forbidden", "forbidden", "ok"],
    },
    "watched words": {
      run: (who) => callRoute(wordsLoader, services, "/dashboard/reviews/words", as(who)),
      expected: ["login", "home", "home", "forbidden", "forbidden", "ok"],
    },
  };
  for (const [label, { run, expected }] of Object.entries(matrix)) {
    it(`${label}: ${ROLES.map((who, n) => `${who}=${expected[n]}`).join(", ")}`, async () => {
      const id = await insertReview();
      const verdicts = [];
      for (const who of ROLES) verdicts.push(verdict(await run(who, id)));
      expect(verdicts).toEqual(expected);
    });
  }
});
