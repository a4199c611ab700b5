// Fuzzing reviews' moderation: reporting a review (/en|he/restaurant/:slug/reviews/:id/report), the
// owner's reply (…/reply), the admins' queue (/dashboard/reviews: approve, reject with a reason) and
// the watched words (/dashboard/reviews/words: add, remove) — as a visitor, a guest (the reviews'
// author), an owner (linked to the place or not) and an admin. Never a 5xx or a stack trace; a
// refused or invalid request changes nothing (the shared fingerprint and the review tables); at
// most one report per account and review, and one reply per review.
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_REPORT_REASONS } from "../../../database/reviews";
import { reportNotices } from "../../../database/schema/reports";
import { reviewReplies, reviewReports, reviews } from "../../../database/schema/reviews";
import type { Db } from "../../../database/types";
import { MAX_FORM_BYTES } from "../../../server/app";
import { anyId, anySegment, anyString, formBody, formEntries, intents, segment } from "./arbitraries";
import {
  check,
  clearRateLimits,
  EVERYONE,
  rowsOf,
  send,
  sendInvalid,
  startFuzzServer,
  type FuzzRequest,
  type FuzzServer,
  type Who,
} from "./harness";

let server: FuzzServer;
/** Reviews stored before the fuzzing, on the place the linked owner owns: one published, one held. */
const seeded = { published: "", held: "", slug: "" };

beforeAll(async () => {
  server = await startFuzzServer();
  const { restaurantId, restaurantSlug, userIds } = server.fixtures;
  seeded.slug = restaurantSlug;
  const base = {
    restaurant_id: restaurantId,
    rating: 4,
    language: "en" as const,
    ate_here: true,
    visit_month: "2026-10",
  };
  const [published] = await server.db
    .insert(reviews)
    .values({
      ...base,
      author_id: userIds.guest,
      body: "<b>Good</b> hummus; the pita was warm and fresh.",
      status: "published",
      published_at: new Date(),
    })
    .returning();
  const [held] = await server.db
    .insert(reviews)
    .values({
      ...base,
      author_id: userIds.owner,
      body: "Held for a link: see example.com",
      status: "held",
      held_for: ["link"],
    })
    .returning();
  // The place's reports were "just told" (the problem-report notice): a kashrut concern filed while
  // fuzzing then waits for the next hour's notice, instead of changing the reports in the background.
  await server.db.insert(reportNotices).values({ restaurant_id: restaurantId, sent_at: new Date() });
  seeded.published = published!.id;
  seeded.held = held!.id;
});
afterAll(async () => {
  await server?.stop();
});

const cookieOf = (who: Who) => server.cookieOf(who);
const language = fc.constantFrom("en", "he");
const dataSuffix = fc.constantFrom("", ".data");
// ".." as the id would make the address another page's (…/restaurant/:slug/report, the problem report).
const reviewId = fc.oneof(
  fc.constantFrom("PUBLISHED", "HELD"),
  anyId.filter((id) => !/^\.{1,2}$/.test(segment(id))),
);
const rawIdOf = (id: string) => (id === "PUBLISHED" ? seeded.published : id === "HELD" ? seeded.held : id);
/** The id as a path segment. */
const idOf = (id: string) => segment(rawIdOf(id));
const slugArbitrary = () => fc.oneof(fc.constantFrom(seeded.slug, "other-place", "no-such-place"), anySegment);

/** The review tables, hashed row by row (the shared fingerprint does not know them). */
async function reviewTables(db: Db): Promise<Record<string, string>> {
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from reviews t) as reviews,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from review_reports t) as review_reports,
      (select md5(coalesce(string_agg(t::text, '|' order by t.review_id), '')) from review_replies t) as review_replies,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from review_reply_edits t) as review_reply_edits,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from review_decisions t) as review_decisions,
      (select md5(coalesce(string_agg(t::text, '|' order by t.word), '')) from review_watched_words t) as words,
      (select md5(coalesce(string_agg(t::text, '|' order by t.restaurant_id), '')) from review_totals t) as totals`),
  );
  return row!;
}

/** A request that must change nothing, the review tables included. */
async function refused(request: FuzzRequest) {
  const before = await reviewTables(server.db);
  const response = await sendInvalid(server, request);
  expect(await reviewTables(server.db), `${request.method} ${request.path.slice(0, 200)} → ${response.status}`).toEqual(
    before,
  );
  return response;
}

describe("reporting a review", () => {
  it("refuses every invalid or unauthorised report; nothing changes; at most one report per account", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: slugArbitrary(),
      id: reviewId,
      suffix: dataSuffix,
      reason: fc.oneof(fc.constantFrom(...REVIEW_REPORT_REASONS), anyString),
      note: fc.oneof(fc.constantFrom("", "n".repeat(1_001), "\u0000", "\u0007"), anyString),
    });
    await check("review report", arbitrary, 300, async ({ who, lang, slug, id, suffix, reason, note }) => {
      const request = {
        method: "POST",
        path: `/${lang}/restaurant/${slug}/reviews/${idOf(id)}/report${suffix}`,
        body: new URLSearchParams({ reason, note }),
        headers: cookieOf(who),
      };
      // A signed-in account other than the author, on the published review, with a real reason, may report it.
      const mayBeValid =
        who !== "anonymous" &&
        who !== "guest" &&
        id === "PUBLISHED" &&
        slug === seeded.slug &&
        (REVIEW_REPORT_REASONS as readonly string[]).includes(reason);
      if (mayBeValid) await send(server, request);
      else await refused(request);
    });
    const counts = await server.db
      .select({ reporter: reviewReports.reporter_id, n: sql<number>`count(*)::int` })
      .from(reviewReports)
      .groupBy(reviewReports.reporter_id, reviewReports.review_id);
    expect(counts.every((row) => row.n === 1)).toBe(true);
    await clearRateLimits(server);
  });

  it("answers any body and the page any query without a 5xx", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      id: reviewId,
      body: formBody(formEntries({ reason: anyString, note: anyString })),
    });
    await check("review report any", arbitrary, 120, async ({ who, lang, id, body }) => {
      const path = `/${lang}/restaurant/${seeded.slug}/reviews/${idOf(id)}/report`;
      const page = await send(server, { method: "GET", path, headers: cookieOf(who) });
      // 414 and 431: an address too long for the server to read at all.
      expect([200, 202, 302, 400, 404, 414, 431]).toContain(page.status);
      if (page.status === 200) expect(page.headers.get("cache-control")).toContain("no-store");
      await send(server, { method: "POST", path, ...body, headers: { ...body.headers, ...cookieOf(who) } });
    });
    await clearRateLimits(server);
  });
});

describe("the owner's reply", () => {
  it("refuses anyone but the linked owner, and any invalid reply; nothing changes; one reply per review", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: slugArbitrary(),
      id: reviewId,
      suffix: dataSuffix,
      body: fc.oneof(fc.constantFrom("", "   ", "r".repeat(2_001), "\u0000", "Thank you!"), anyString),
    });
    await check("review reply", arbitrary, 300, async ({ who, lang, slug, id, suffix, body }) => {
      const request = {
        method: "POST",
        path: `/${lang}/restaurant/${slug}/reviews/${idOf(id)}/reply${suffix}`,
        body: new URLSearchParams({ body }),
        headers: cookieOf(who),
      };
      const mayBeValid = who === "ownerLinked" && id === "PUBLISHED" && slug === seeded.slug;
      if (mayBeValid) await send(server, request);
      else {
        const response = await refused(request);
        // On the published review, nobody but the place's owner may reply (a post without JavaScript
        // elsewhere may end on the page's redirect: nothing stored either way, as refused() checks).
        // A form past the server's limit (a reply of some 100,000 emoji) is refused unread first: 413.
        const oversize = Buffer.byteLength(request.body.toString()) > MAX_FORM_BYTES;
        if (who !== "ownerLinked" && id === "PUBLISHED" && slug === seeded.slug)
          expect(response.status).toBe(oversize ? 413 : 403);
      }
    });
    const replies = await server.db.select().from(reviewReplies).where(eq(reviewReplies.review_id, seeded.published));
    expect(replies.length).toBeLessThanOrEqual(1);
  });
});

describe("the moderation queue and the watched words", () => {
  it("refuses every decision from non-admins, and invalid ones from admins; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      prefix: fc.constantFrom("", "/he"),
      intent: intents(["approve", "reject"]),
      id: reviewId,
      reason: fc.oneof(fc.constantFrom("", "   ", "\u0000", "r".repeat(501), "Off topic"), anyString),
    });
    await check("reviews decide", arbitrary, 300, async ({ who, prefix, intent, id, reason }) => {
      const request = {
        method: "POST",
        path: `${prefix}/dashboard/reviews`,
        body: new URLSearchParams({ intent, reviewId: rawIdOf(id), reason }),
        headers: cookieOf(who),
      };
      // An admin's approval (or rejection with a good reason) of a waiting review decides it: valid.
      const mayBeValid = who === "admin" && (intent === "approve" || intent === "reject");
      if (mayBeValid) await send(server, request);
      else {
        const response = await refused(request);
        if (who !== "anonymous") expect(response.status).toBeGreaterThanOrEqual(400);
      }
    });
  });

  it("answers any body and query without a 5xx; only an admin reads the queue or changes the words", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      tab: fc.oneof(fc.constantFrom("held", "reported", "second-look"), anyString),
      page: fc.oneof(fc.constantFrom("1", "2", "0", "-1", "1e9", "NaN"), anyString),
      body: formBody(formEntries({ intent: intents(["add", "remove"]), word: anyString })),
    });
    await check("reviews queue any", arbitrary, 150, async ({ who, tab, page, body }) => {
      const query = new URLSearchParams({ tab, page }).toString();
      const read = await send(server, { method: "GET", path: `/dashboard/reviews?${query}`, headers: cookieOf(who) });
      if (who !== "admin") expect(read.status, who).not.toBe(200);
      const words = await send(server, { method: "GET", path: "/he/dashboard/reviews/words", headers: cookieOf(who) });
      if (who !== "admin") expect(words.status, who).not.toBe(200);
      const request = {
        method: "POST",
        path: "/dashboard/reviews/words",
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      };
      if (who === "admin") await send(server, request);
      else await refused(request);
    });
  });
});
