// Fuzzing a diner's review at /en|he/restaurant/:slug/review (write, edit, delete, the second look)
// and its page, as a visitor, a guest, an owner (of another place, and of this one) and an admin.
// Never a 5xx or a stack trace; a refused request changes nothing (no review, version or decision);
// however often anyone posts, an account has at most one review of a place, and a linked owner none
// of their own place.
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../database/schema/auth";
import { reviews } from "../../../database/schema/reviews";
import type { Db } from "../../../database/types";
import { anySegment, anyString, formBody, formEntries, intents } from "./arbitraries";
import {
  check,
  clearRateLimits,
  EVERYONE,
  rowsOf,
  send,
  sendInvalid,
  SIGNED_IN,
  startFuzzServer,
  type FuzzServer,
  type Who,
} from "./harness";

let server: FuzzServer;

beforeAll(async () => {
  server = await startFuzzServer();
  // Verified addresses, so the fuzzing reaches the form's rules rather than stopping at "confirm first".
  for (const who of SIGNED_IN)
    await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, server.fixtures.userIds[who]));
  // The guest has a published review of the other place (to edit, to ask a second look at).
  await server.db.insert(reviews).values({
    restaurant_id: server.fixtures.otherRestaurantId,
    author_id: server.fixtures.userIds.guest,
    rating: 4,
    body: "A seeded review of the other place, long enough to count.",
    language: "en",
    ate_here: true,
    visit_month: "2026-01",
    status: "published",
    published_at: new Date(),
  });
});
afterAll(async () => {
  await server?.stop();
});

/** The reviews' tables, as one value: equal before and after a request that must change nothing. */
async function reviewsPrint(db: Db): Promise<Record<string, string>> {
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from reviews t) as reviews,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from review_versions t) as review_versions,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from review_decisions t) as review_decisions,
      (select md5(coalesce(string_agg(t::text, '|' order by t.restaurant_id), '')) from review_totals t) as review_totals`),
  );
  return row ?? {};
}

const cookieOf = (who: Who) => server.cookieOf(who);
const language = fc.constantFrom("en", "he");
const reviewPath = (lang: string, slug: string, suffix = "") => `/${lang}/restaurant/${slug}/review${suffix}`;
/** A rating the rules refuse (anything but one digit 1-5). */
const badRating = anyString.filter((value) => !/^\s*[1-5]\s*$/.test(value));

describe("posting a review", () => {
  it("refuses every review with a bad rating, from everyone, on any listing; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: fc.oneof(fc.constantFrom("fuzz-place", "other-place", "no-such-place"), anySegment),
      suffix: fc.constantFrom("", ".data"),
      body: formBody(
        formEntries({
          intent: fc.constant("save"),
          rating: badRating,
          body: anyString,
          language: fc.oneof(fc.constantFrom("en", "he"), anyString),
          ateHere: anyString,
          visitMonth: fc.oneof(fc.constantFrom("2026-10", "1999-12", "2999-01"), anyString),
          notKashrut: anyString,
          mode: fc.constantFrom("basic", "pow"),
          pow: anyString,
        }),
      ),
    });
    await check("review post invalid", arbitrary, 250, async ({ who, lang, slug, suffix, body }) => {
      const before = await reviewsPrint(server.db);
      await sendInvalid(server, {
        method: "POST",
        path: reviewPath(lang, slug, suffix),
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
      expect(await reviewsPrint(server.db)).toEqual(before);
    });
    await clearRateLimits(server);
  });

  it("answers any intent and body without a 5xx; the second look and unknown intents change nothing", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: fc.constantFrom("fuzz-place", "other-place"),
      body: formBody(
        formEntries({
          intent: intents(["secondLook", "resendVerification"]).filter(
            (value) => value !== "save" && value !== "delete",
          ),
          reason: anyString,
          confirm: fc.constantFrom("yes", "no", ""),
        }),
      ),
    });
    await check("review post any", arbitrary, 200, async ({ who, lang, slug, body }) => {
      const before = await reviewsPrint(server.db);
      await send(server, {
        method: "POST",
        path: reviewPath(lang, slug),
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
      expect(await reviewsPrint(server.db)).toEqual(before);
    });
    await clearRateLimits(server);
  });

  it("valid reviews from every role: at most one per account and place, none by a visitor or the place's owner", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: fc.constantFrom("fuzz-place", "other-place"),
      intent: fc.constantFrom("save", "save", "save", "delete"),
      confirm: fc.constantFrom("yes", ""),
      rating: fc.integer({ min: 1, max: 5 }),
      body: fc.constantFrom(
        "The soup was hot and the bread fresh, we will come back.",
        "האוכל היה טעים והשירות מהיר, נחזור בשמחה.",
        "Too salty for me, but the staff were friendly and fast.",
      ),
    });
    let written = 0;
    await check("review post valid", arbitrary, 120, async ({ who, lang, slug, intent, confirm, rating, body }) => {
      const form = new URLSearchParams({
        intent,
        confirm,
        rating: String(rating),
        body,
        language: lang,
        visitMonth: "2026-10",
      });
      const response = await send(server, {
        method: "POST",
        path: reviewPath(lang, slug),
        body: form,
        headers: { "content-type": "application/x-www-form-urlencoded", ...cookieOf(who) },
      });
      if (who === "anonymous" || (who === "ownerLinked" && slug === "fuzz-place" && intent === "save"))
        expect(response.status).toBe(403);
      if (intent === "save" && response.status === 302) written += 1;
      const counts = rowsOf<{ n: number }>(
        await server.db.execute(
          sql`select count(*)::int as n from reviews group by restaurant_id, author_id having count(*) > 1`,
        ),
      );
      expect(counts).toEqual([]);
      const own = await server.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(
          and(
            eq(reviews.author_id, server.fixtures.userIds.ownerLinked),
            eq(reviews.restaurant_id, server.fixtures.restaurantId),
          ),
        );
      expect(own).toEqual([]);
      await clearRateLimits(server);
    });
    // The property was tried on reviews that were stored, not only on refusals.
    expect(written).toBeGreaterThan(0);
  });

  it("the review page answers any slug, for everyone, without a 5xx", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: fc.oneof(fc.constantFrom("fuzz-place", "other-place"), anySegment),
      suffix: fc.constantFrom("", ".data"),
    });
    await check("review page", arbitrary, 150, async ({ who, lang, slug, suffix }) => {
      await send(server, { method: "GET", path: reviewPath(lang, slug, suffix), headers: cookieOf(who) });
    });
  });
});
