// A diner's side of reviews, through the review page's route as the server runs it and through the
// domain functions: who may write (a visitor is sent to log in, an unverified address and a linked
// owner are refused), publishing and each hold signal on its own, the kashrut offer, editing (the
// earlier version kept; an edit of a rejected review held again), deleting (asked first), the second
// look (once), the limits (per address and per account, a stricter quota for a new account without
// the proof-of-work), and that nobody changes another's review. Every refusal stores nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  askSecondLook,
  deleteReview,
  REVIEW_LIMITS,
  writeReview,
} from "../../app/features/restaurants/reviews/index.server";
import { AppError } from "../../app/lib/errors";
import type { AppServices } from "../../app/lib/context";
import { action as reviewAction, loader as reviewLoader } from "../../app/routes/review";
import { loader as reportLoader } from "../../app/routes/report";
import { insertRestaurant } from "../../database/factories";
import type { HoldSignal } from "../../database/reviews";
import { users } from "../../database/schema/auth";
import { claims } from "../../database/schema/lifecycle";
import { rateLimits } from "../../database/schema/people";
import { restaurantOwners, restaurants } from "../../database/schema/restaurants";
import {
  reviewDecisions,
  reviews,
  reviewTotals,
  reviewVersions,
  reviewWatchedWords,
} from "../../database/schema/reviews";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser, type RouteOutcome } from "../setup/routes";
import { createServices } from "../setup/services";

type Who = "visitor" | "diner" | "diner2" | "newbie" | "unverified" | "owner" | "claimant" | "admin";

let database: TestDatabase;
let services: AppServices;
const cookies: Partial<Record<Who, string>> = {};
const ids: Record<string, string> = {};
const DAY = 86_400_000;

async function makeUser(who: Exclude<Who, "visitor">, role: "guest" | "owner" | "admin", options = {}) {
  const { emailVerified = true, ageDays = 60 } = options as { emailVerified?: boolean; ageDays?: number };
  const user = await signedInUser(services, {
    email: `${who}@reviews.example`,
    role,
    firstName: who,
    lastName: "Diner",
    emailVerified,
  });
  await database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY) })
    .where(eq(users.id, user.id));
  cookies[who] = user.cookie;
  ids[who] = user.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  await makeUser("diner", "guest");
  await makeUser("diner2", "guest");
  await makeUser("newbie", "guest", { ageDays: 1 });
  await makeUser("unverified", "guest", { emailVerified: false });
  await makeUser("owner", "owner");
  await makeUser("claimant", "guest");
  await makeUser("admin", "admin");
});

beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(rateLimits);
  await database.db.delete(reviewWatchedWords);
  const place = await insertRestaurant(database.db, { slug: "good-place", name_en: "Good Place", name_he: "מקום טוב" });
  const other = await insertRestaurant(database.db, { slug: "other-place", name_en: "Other Place" });
  const history = await insertRestaurant(database.db, { slug: "history-place", name_en: "History Place" });
  ids.place = place.id;
  ids.other = other.id;
  ids.history = history.id;
  await database.db.insert(restaurantOwners).values({ restaurant_id: place.id, user_id: ids.owner! });
  await database.db.insert(claims).values({
    restaurant_id: place.id,
    user_id: ids.claimant!,
    role_at_restaurant: "Manager",
    business_phone: "03-555-1234",
    language: "en",
    proof_url: "/uploads/proof.png",
  });
  // The established diners have had a review published before (no "first-review"), long ago (no burst).
  for (const who of ["diner", "diner2", "claimant"] as const) await pastReview(who);
});

afterAll(async () => {
  await database?.destroy();
});

/** A review published 10 days ago at the history place, so the account is not reviewing for the first time. */
async function pastReview(who: Who, at = new Date(Date.now() - 10 * DAY), place = "history") {
  await database.db.insert(reviews).values({
    restaurant_id: ids[place]!,
    author_id: ids[who]!,
    rating: 4,
    body: `An older review by ${who}, about a different dinner entirely ${Math.random()}`,
    language: "en",
    ate_here: true,
    visit_month: "2026-01",
    status: "published",
    created_at: at,
    updated_at: at,
    published_at: at,
  });
}

const as = (who: Who) => (who === "visitor" ? {} : { cookie: cookies[who]! });
const TEXT = "The shakshuka was rich and spicy, and the staff were quick and kind.";
const fields = (extra: Record<string, string> = {}) => ({
  intent: "save",
  rating: "4",
  body: TEXT,
  language: "en",
  ateHere: "on",
  visitMonth: "2026-10",
  ...extra,
});

function post(who: Who, form: Record<string, string>, options: { slug?: string; language?: "en" | "he" } = {}) {
  const slug = options.slug ?? "good-place";
  return callRoute(reviewAction, services, `/${options.language ?? "en"}/restaurant/${slug}/review`, {
    ...as(who),
    form,
    params: { slug },
  });
}

const page = (who: Who, slug = "good-place") =>
  callRoute(reviewLoader, services, `/en/restaurant/${slug}/review`, { ...as(who), params: { slug } });

const reviewOf = async (who: Who, place = "place") => {
  const [row] = await database.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.author_id, ids[who]!), eq(reviews.restaurant_id, ids[place]!)));
  return row;
};

const reviewsOfPlace = () => database.db.select().from(reviews).where(eq(reviews.restaurant_id, ids.place!));

function errorOf(outcome: RouteOutcome) {
  return (outcome.data as { error?: string; errors?: Record<string, string> } | undefined) ?? {};
}

async function heldFor(who: Who): Promise<HoldSignal[]> {
  const row = await reviewOf(who);
  expect(row?.status).toBe("held");
  return row?.held_for ?? [];
}

describe("who may write", () => {
  it("sends a visitor to log in, coming back to the review page", async () => {
    const outcome = await page("visitor");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/login?next=${encodeURIComponent("/en/restaurant/good-place/review")}`);
    const posted = await post("visitor", fields());
    expect(posted.status).toBe(403);
    expect(await reviewsOfPlace()).toHaveLength(0);
  });

  it("tells an unverified account so, and refuses its review", async () => {
    const outcome = await page("unverified");
    expect(outcome.data).toMatchObject({ page: { emailVerified: false, mayWrite: true } });
    const posted = await post("unverified", fields());
    expect(posted.status).toBe(403);
    expect(errorOf(posted).error).toBe("reviewWrite.verifyFirst");
    expect(await reviewsOfPlace()).toHaveLength(0);
    // Nothing of its quota was spent.
    expect(await database.db.select().from(rateLimits)).toHaveLength(0);
  });

  it("sends an unverified account the verification link again, from the review page", async () => {
    const resent = await post("unverified", { intent: "resendVerification" });
    expect(resent.data).toEqual({ resent: true });
    expect(await reviewsOfPlace()).toHaveLength(0);
  });

  it("tells a linked owner they cannot review their own place, and refuses the post with 403", async () => {
    const outcome = await page("owner");
    expect(outcome.data).toMatchObject({ page: { isOwner: true, mayWrite: false } });
    const posted = await post("owner", fields());
    expect(posted.status).toBe(403);
    expect(await reviewsOfPlace()).toHaveLength(0);
    // The owner may review another place.
    expect((await post("owner", fields(), { slug: "other-place" })).status).toBe(302);
  });

  it("sends the viewer home for a listing that does not exist", async () => {
    const outcome = await page("diner", "no-such-place");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/");
  });
});

describe("publishing and holding", () => {
  it("publishes an established diner's review at once, and the database counts it", async () => {
    const posted = await post("diner", fields({ rating: "5" }));
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/en/restaurant/good-place/review");
    const row = await reviewOf("diner");
    expect(row).toMatchObject({ status: "published", rating: 5, body: TEXT, language: "en", ate_here: true });
    expect(row?.held_for).toEqual([]);
    expect(row?.published_at).not.toBeNull();
    const [totals] = await database.db.select().from(reviewTotals).where(eq(reviewTotals.restaurant_id, ids.place!));
    expect(totals).toMatchObject({ count: 1, stars: 5, five: 1 });
    const shown = await page("diner");
    expect(shown.data).toMatchObject({ page: { review: { status: "published", rating: 5, versions: 0 } } });
  });

  it("holds a new account's review (and its first), without counting it", async () => {
    await post("newbie", fields());
    expect(await heldFor("newbie")).toEqual(["new-account", "first-review"]);
    expect((await reviewOf("newbie"))?.published_at).toBeNull();
    const totals = await database.db.select().from(reviewTotals).where(eq(reviewTotals.restaurant_id, ids.place!));
    expect(totals.every((row) => row.count === 0)).toBe(true);
  });

  it("holds an account's first review", async () => {
    await database.db.delete(reviews).where(eq(reviews.author_id, ids.diner!));
    await post("diner", fields());
    expect(await heldFor("diner")).toEqual(["first-review"]);
  });

  it("holds a text with a link", async () => {
    await post("diner", fields({ body: `${TEXT} Menu at www.good-place-menu.test` }));
    expect(await heldFor("diner")).toEqual(["link"]);
  });

  it("holds a text with a phone number", async () => {
    await post("diner", fields({ body: `${TEXT} Call them on 054-123-4567.` }));
    expect(await heldFor("diner")).toEqual(["phone"]);
  });

  it("holds a text with a watched word, whatever its case or niqqud", async () => {
    await database.db.insert(reviewWatchedWords).values({ word: "coupon" });
    await post("diner", fields({ body: `${TEXT} Ask for the COUPON at the door.` }));
    expect(await heldFor("diner")).toEqual(["watched-word"]);
  });

  it("holds a burst of reviews of one place within a day", async () => {
    const settings = { ...services.settings.reviews, burstPerPlace: 1 };
    await writeReview(
      database.db,
      { id: ids.diner2!, email: "diner2@reviews.example", role: "guest" },
      { slug: "good-place", values: values(), clientIp: "10.0.0.2", proofOfWork: false },
      settings,
    );
    expect((await reviewOf("diner2"))?.status).toBe("published");
    await writeReview(
      database.db,
      { id: ids.diner!, email: "diner@reviews.example", role: "guest" },
      {
        slug: "good-place",
        values: values({ body: "Another dinner, different words, the fish was fresh and fine." }),
        clientIp: "10.0.0.1",
        proofOfWork: false,
      },
      settings,
    );
    expect(await heldFor("diner")).toEqual(["burst-place"]);
  });

  it("holds a burst of reviews by one account within a day", async () => {
    await pastReview("diner", new Date(), "other");
    const settings = { ...services.settings.reviews, burstPerAccount: 1 };
    await writeReview(
      database.db,
      { id: ids.diner!, email: "diner@reviews.example", role: "guest" },
      { slug: "good-place", values: values(), clientIp: "10.0.0.1", proofOfWork: false },
      settings,
    );
    expect(await heldFor("diner")).toEqual(["burst-account"]);
  });

  it("holds a text written (nearly) the same about another place", async () => {
    await post("diner2", fields(), { slug: "other-place" });
    expect((await reviewOf("diner2", "other"))?.status).toBe("published");
    await post("diner", fields({ body: `${TEXT.replace("quick", "fast")}` }));
    expect(await heldFor("diner")).toEqual(["repeated-text"]);
  });

  it("holds the review of an account with a claim on the place", async () => {
    await post("claimant", fields());
    expect(await heldFor("claimant")).toEqual(["conflict"]);
  });

  it("never holds for sentiment: a furious one-star review is published", async () => {
    await post(
      "diner",
      fields({ rating: "1", body: "Terrible, cold and rude. The worst dinner of my life, avoid it." }),
    );
    expect((await reviewOf("diner"))?.status).toBe("published");
  });
});

function values(extra: Partial<ReturnType<typeof baseValues>> = {}) {
  return { ...baseValues(), ...extra };
}
function baseValues() {
  return { rating: 4, body: TEXT, language: "en" as const, ateHere: true, visitMonth: "2026-10", notKashrut: false };
}

describe("kashrut", () => {
  it("offers the problem report instead, with the text carried over, and stores nothing", async () => {
    const body = "The food was fine but honestly I think this place is not kosher anymore.";
    const posted = await post("diner", fields({ body }), { language: "he" });
    expect(posted.status).toBe(400);
    const answer = posted.data as { error: string; reportLink: string; fields: { body: string } };
    expect(answer.error).toBe("reviewWrite.kashrutOffer");
    expect(answer.fields.body).toBe(body);
    const link = new URL(answer.reportLink, "http://127.0.0.1");
    expect(link.pathname).toBe("/he/restaurant/good-place/report");
    expect(link.searchParams.get("reason")).toBe("kashrut");
    expect(link.searchParams.get("note")).toBe(body);
    expect(await reviewsOfPlace()).toHaveLength(0);
    // The report page fills its form in from the link.
    const report = await callRoute(reportLoader, services, answer.reportLink, { params: { slug: "good-place" } });
    expect(report.data).toMatchObject({ prefill: { reason: "kashrut", note: body } });
  });

  it("sends it held with 'kashrut' when the author says it is about the food and service", async () => {
    await post(
      "diner",
      fields({ body: "Good schnitzel; I asked about the teuda and they were kind.", notKashrut: "on" }),
    );
    expect(await heldFor("diner")).toEqual(["kashrut"]);
  });
});

describe("editing", () => {
  it("keeps the earlier version and counts the latest", async () => {
    await post("diner", fields({ rating: "3" }));
    const first = await reviewOf("diner");
    await post("diner", fields({ rating: "5", body: `${TEXT} Came back: even better.`, language: "en" }));
    const row = await reviewOf("diner");
    expect(row?.id).toBe(first?.id);
    expect(row).toMatchObject({ rating: 5, status: "published", body: `${TEXT} Came back: even better.` });
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(first!.updated_at.getTime());
    const versions = await database.db.select().from(reviewVersions).where(eq(reviewVersions.review_id, row!.id));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ rating: 3, body: TEXT, written_at: first!.updated_at });
    const [totals] = await database.db.select().from(reviewTotals).where(eq(reviewTotals.restaurant_id, ids.place!));
    expect(totals).toMatchObject({ count: 1, stars: 5 });
    expect((await page("diner")).data).toMatchObject({ page: { review: { versions: 1 } } });
  });

  it("holds an edit of a rejected or hidden review, and clears the rejection's reason", async () => {
    await post("diner", fields());
    await database.db
      .update(reviews)
      .set({ status: "rejected", rejection_reason: "Off topic" })
      .where(eq(reviews.author_id, ids.diner!));
    await post("diner", fields({ body: `${TEXT} Rewritten to stay on topic.` }));
    const row = await reviewOf("diner");
    expect(row).toMatchObject({ status: "held", rejection_reason: null, held_for: [] });
    await database.db.update(reviews).set({ status: "hidden" }).where(eq(reviews.id, row!.id));
    await post("diner", fields({ body: `${TEXT} Rewritten once more.` }));
    expect((await reviewOf("diner"))?.status).toBe("held");
  });

  it("shows the author their review's state with the reasons it is held", async () => {
    await post("diner", fields({ body: `${TEXT} Call 03-555-1234.` }));
    expect((await page("diner")).data).toMatchObject({ page: { review: { status: "held", heldFor: ["phone"] } } });
  });
});

describe("deleting", () => {
  it("asks first, then deletes the review with its versions", async () => {
    await post("diner", fields());
    await post("diner", fields({ body: `${TEXT} An edit.` }));
    const id = (await reviewOf("diner"))!.id;
    const asked = await post("diner", { intent: "delete" });
    expect(asked.data).toEqual({ confirmDelete: true });
    expect(await reviewOf("diner")).toBeDefined();
    const deleted = await post("diner", { intent: "delete", confirm: "yes" }, { language: "he" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/he/restaurant/good-place");
    expect(await reviewOf("diner")).toBeUndefined();
    expect(await database.db.select().from(reviewVersions).where(eq(reviewVersions.review_id, id))).toHaveLength(0);
  });
});

describe("the second look", () => {
  it("may be asked once, for a rejected review, and is logged", async () => {
    await post("diner", fields());
    const notYet = await post("diner", { intent: "secondLook", reason: "Please" });
    expect(notYet.status).toBe(409);
    expect(errorOf(notYet).error).toBe("reviewWrite.secondLookNotRejected");
    await database.db
      .update(reviews)
      .set({ status: "rejected", rejection_reason: "Not first-hand" })
      .where(eq(reviews.author_id, ids.diner!));
    const asked = await post("diner", { intent: "secondLook", reason: "I ate there last week, here is why." });
    expect(asked.status).toBe(302);
    const row = await reviewOf("diner");
    expect(row).toMatchObject({ status: "rejected" });
    expect(row?.second_look_at).not.toBeNull();
    const again = await post("diner", { intent: "secondLook", reason: "" });
    expect(again.status).toBe(409);
    expect(errorOf(again).error).toBe("reviewWrite.secondLookOnce");
    const decisions = await database.db.select().from(reviewDecisions).where(eq(reviewDecisions.review_id, row!.id));
    expect(decisions).toEqual([
      expect.objectContaining({
        decision: "second-look",
        reason: "I ate there last week, here is why.",
        actor_id: ids.diner,
        actor_email: "diner@reviews.example",
      }),
    ]);
  });
});

describe("nobody changes another's review", () => {
  it("another diner's post writes their own review; their delete and second look find nothing of the first's", async () => {
    await post("diner", fields({ rating: "2" }));
    const before = await reviewOf("diner");
    await post(
      "diner2",
      fields({ rating: "5", body: "A completely different text, about a lunch with friends here." }),
    );
    expect(await reviewOf("diner")).toEqual(before);
    await database.db.delete(reviews).where(eq(reviews.author_id, ids.diner2!));
    const deleted = await post("diner2", { intent: "delete", confirm: "yes" });
    expect(deleted.status).toBe(404);
    expect(await reviewOf("diner")).toEqual(before);
    const look = await post("diner2", { intent: "secondLook" });
    expect(look.status).toBe(404);
  });

  it("keeps one review per account and place, however often it is posted", async () => {
    await Promise.all([post("diner", fields()), post("diner", fields({ rating: "2" }))]);
    expect((await reviewsOfPlace()).filter((row) => row.author_id === ids.diner)).toHaveLength(1);
  });
});

describe("bad input", () => {
  it("answers each field's problem in the page's language, storing nothing", async () => {
    const posted = await post("diner", fields({ rating: "9", body: "short", visitMonth: "2999-01", language: "xx" }));
    expect(posted.status).toBe(400);
    expect(errorOf(posted).errors).toEqual({
      rating: "reviewWrite.ratingRequired",
      body: "reviewWrite.textTooShort",
      language: "reviewWrite.languageRequired",
      visitMonth: "reviewWrite.monthInFuture",
    });
    expect(await reviewsOfPlace()).toHaveLength(0);
    expect((await post("diner", { intent: "nonsense" })).status).toBe(400);
    expect((await post("diner", fields({ proof: "x", mode: "pow", pow: "{}" }))).status).toBe(400);
    expect(await reviewsOfPlace()).toHaveLength(0);
  });
});

describe("limits", () => {
  it("gives a new account without the proof-of-work a stricter quota, and refuses with 429 storing nothing", async () => {
    for (let i = 0; i < REVIEW_LIMITS.basicPerAccount.max; i++)
      expect((await post("newbie", fields({ rating: String(1 + i) }))).status).toBe(302);
    const before = await reviewOf("newbie");
    const refused = await post("newbie", fields({ rating: "5" }));
    expect(refused.status).toBe(429);
    expect(await reviewOf("newbie")).toEqual(before);
    // With the proof, the ordinary quota still has room.
    const proven = {
      ...services,
      proofOfWork: { challenge: services.proofOfWork.challenge, verify: async () => true },
    };
    const withProof = await callRoute(reviewAction, proven, "/en/restaurant/good-place/review", {
      cookie: cookies.newbie!,
      form: fields({ rating: "5", mode: "pow", pow: "{}" }),
      params: { slug: "good-place" },
    });
    expect(withProof.status).toBe(302);
    expect((await reviewOf("newbie"))?.rating).toBe(5);
  });

  it("refuses an address over its quota before spending the account's", async () => {
    await database.db
      .insert(rateLimits)
      .values({ key: "review:ip:127.0.0.1", count: REVIEW_LIMITS.perIp.max, resetAt: new Date(Date.now() + DAY) });
    const refused = await post("diner", fields());
    expect(refused.status).toBe(429);
    expect(await reviewOf("diner")).toBeUndefined();
    const account = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `review:account:${ids.diner}`));
    expect(account).toHaveLength(0);
  });
});

describe("the domain functions check their actor themselves, whoever calls them", () => {
  const actor = (who: Exclude<Who, "visitor">) => ({
    id: ids[who]!,
    email: `${who}@reviews.example`,
    role: "guest" as const,
  });
  const written = { slug: "good-place", values: values(), clientIp: "10.0.0.9", proofOfWork: false };

  it("refuses no one signed in, a linked owner and an unverified address, changing nothing", async () => {
    // Each attempt starts when its turn comes: started together, a refusal that came while the
    // loop still waited for an earlier one was a rejection no one handled yet (a failed run).
    const refusals: [string, () => Promise<unknown>, string][] = [
      ["nobody writes", () => writeReview(database.db, null, written, services.settings.reviews), "access.denied"],
      ["nobody deletes", () => deleteReview(database.db, null, "good-place"), "access.denied"],
      ["nobody asks", () => askSecondLook(database.db, null, "good-place", ""), "access.denied"],
      [
        "the owner writes",
        () => writeReview(database.db, { ...actor("owner"), role: "owner" }, written, services.settings.reviews),
        "access.denied",
      ],
      [
        "the unverified write",
        () => writeReview(database.db, actor("unverified"), written, services.settings.reviews),
        "reviewWrite.verifyFirst",
      ],
    ];
    for (const [label, attempt, message] of refusals) {
      const error = await attempt().then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error, label).toBeInstanceOf(AppError);
      expect((error as AppError).code, label).toBe("forbidden");
      expect((error as AppError).messageKey, label).toBe(message);
    }
    expect(await reviewsOfPlace()).toHaveLength(0);
  });

  it("an admin may review a place like any diner (and is held like one)", async () => {
    const saved = await writeReview(
      database.db,
      { id: ids.admin!, email: "admin@reviews.example", role: "admin" },
      written,
      services.settings.reviews,
    );
    expect(saved).toMatchObject({ status: "held", heldFor: ["first-review"], edited: false });
  });
});
