// The home page's searches that found nothing, in the database (PGlite and PostgreSQL):
// counted only when the term alone finds nothing, written only when the tally flushes (never on
// the request path), pruned when seen once on a day that is over, and summed for the admins' list.
import express from "express";
import type { AddressInfo } from "node:net";
import { asc, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fillSearchText } from "../../app/features/restaurants/search/search-query.server";
import { pruneSingleMisses, recordMisses, topMisses } from "../../app/features/restaurants/search/misses.server";
import { missKey } from "../../app/features/restaurants/search/misses";
import { AppError } from "../../app/lib/errors";
import { SYSTEM } from "../../app/lib/permissions.server";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as searchesLoader } from "../../app/routes/dashboard/searches";
import { insertRestaurants } from "../../database/factories";
import { rateLimits } from "../../database/schema/people";
import { searchMissVisitors, searchMisses } from "../../database/schema/statistics";
import { createSearchMisses, SEARCH_MISSED_PATH } from "../../server/statistics/search-misses";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices, routeArgs } from "../setup/services";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const TODAY = "2026-11-26";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertRestaurants(database.db, [
    { slug: "misses-falafel", name_en: "Falafel Shalom", name_he: "פלאפל שלום" },
    { slug: "misses-sushi", name_en: "Sushi Yama", name_he: "סושי יאמה" },
  ]);
  await fillSearchText(database.db);
});
beforeEach(async () => {
  await database.db.delete(searchMisses);
  await database.db.delete(searchMissVisitors);
});
afterAll(async () => {
  await database?.destroy();
});

const stored = () => database.db.select().from(searchMisses).orderBy(asc(searchMisses.day), asc(searchMisses.term));

describe("recording searches that found nothing", () => {
  it("adds only terms the directory's own search finds nothing for, summing with what is stored", async () => {
    const written = await recordMisses(
      database.db,
      new Map([
        [missKey(TODAY, "falafel", "v1"), 2], // a listing's name: found
        [missKey(TODAY, "סושי", "v1"), 1], // found in Hebrew
        [missKey(TODAY, "falafek", "v1"), 1], // one letter off: found by the typo rule
        [missKey(TODAY, "hummus", "v1"), 1],
        [missKey(TODAY, "hummus", "v2"), 1],
        [missKey(TODAY, "not a key", "v1"), 1],
        ["garbage", 4],
      ]),
    );
    expect(written).toBe(3);
    await recordMisses(database.db, new Map([[missKey(TODAY, "hummus", "v3"), 1]]));
    expect(await stored()).toEqual([
      { day: TODAY, term: "hummus", count: 3 },
      { day: TODAY, term: "not a key", count: 1 },
    ]);
  });

  it("counts a term once per visitor and day, however often they sent it and in however many batches (or processes)", async () => {
    // One visitor sending a term again and again, in one batch and in later ones.
    await recordMisses(database.db, new Map([[missKey(TODAY, "https://spam.example", "same"), 500]]));
    await recordMisses(database.db, new Map([[missKey(TODAY, "https://spam.example", "same"), 1]]));
    // Two batches written at once, as two processes would.
    await Promise.all([
      recordMisses(database.db, new Map([[missKey(TODAY, "https://spam.example", "same"), 3]])),
      recordMisses(database.db, new Map([[missKey(TODAY, "https://spam.example", "same"), 3]])),
    ]);
    expect(await stored()).toEqual([{ day: TODAY, term: "https://spam.example", count: 1 }]);
    // So it never reaches the admins' list; a second visitor puts it there.
    expect(await topMisses(database.db, SYSTEM, { days: 7, today: TODAY })).toEqual([]);
    await recordMisses(database.db, new Map([[missKey(TODAY, "https://spam.example", "another"), 1]]));
    expect(await topMisses(database.db, SYSTEM, { days: 7, today: TODAY })).toEqual([
      { term: "https://spam.example", count: 2 },
    ]);
  });

  it("forgets who searched once the day's counting is done: only the count of visitors remains", async () => {
    await recordMisses(
      database.db,
      new Map([
        [missKey("2026-11-25", "shakshuka roll", "a"), 1],
        [missKey("2026-11-25", "shakshuka roll", "b"), 1],
        [missKey(TODAY, "shakshuka roll", "a"), 1],
      ]),
    );
    expect(await database.db.select().from(searchMissVisitors)).toHaveLength(3);
    await pruneSingleMisses(database.db, TODAY);
    expect((await database.db.select().from(searchMissVisitors)).map((row) => row.day)).toEqual([TODAY]);
    expect(await stored()).toEqual([
      { day: "2026-11-25", term: "shakshuka roll", count: 2 },
      { day: TODAY, term: "shakshuka roll", count: 1 },
    ]);
  });

  it("drops a term its search cannot run, and writes the rest of the batch", async () => {
    const written = await recordMisses(
      database.db,
      new Map([
        [missKey(TODAY, "broken", "v1"), 1],
        [missKey(TODAY, "hummus", "v1"), 1],
      ]),
      async (term) => {
        if (term === "broken") throw new Error("the search failed");
        return false;
      },
    );
    expect(written).toBe(1);
    expect((await stored()).map((row) => row.term)).toEqual(["hummus"]);
  });

  it("lets the event loop turn between two terms' searches (the embedded database searches in the server's own process)", async () => {
    const turns: number[] = [];
    let loopTurns = 0;
    const tick = () => {
      loopTurns += 1;
      if (loopTurns < 100) setImmediate(tick);
    };
    setImmediate(tick);
    await recordMisses(
      database.db,
      new Map(["qqa", "qqb", "qqc", "qqd"].map((term) => [missKey(TODAY, term, "v1"), 1])),
      async () => {
        turns.push(loopTurns);
        return false;
      },
    );
    // Each search began after the loop had turned again: no two ran in one turn.
    for (let i = 1; i < turns.length; i += 1) expect(turns[i]).toBeGreaterThan(turns[i - 1]!);
  });

  it("removes terms seen once on days that are over, and keeps the rest", async () => {
    await database.db.insert(searchMisses).values([
      { day: "2026-11-24", term: "once before", count: 1 },
      { day: "2026-11-25", term: "twice before", count: 2 },
      { day: "2026-11-25", term: "once yesterday", count: 1 },
      { day: TODAY, term: "once today", count: 1 },
    ]);
    expect(await pruneSingleMisses(database.db, TODAY)).toBe(2);
    expect((await stored()).map((row) => row.term)).toEqual(["twice before", "once today"]);
  });

  it("lists the top terms of 7 or 30 days, summed over the days, most first, never a term no two visitors searched on one day", async () => {
    await database.db.insert(searchMisses).values([
      { day: TODAY, term: "kubbeh", count: 2 },
      { day: "2026-11-21", term: "kubbeh", count: 3 },
      { day: "2026-11-20", term: "jachnun", count: 4 }, // 7 days: 20th..26th
      { day: "2026-11-19", term: "jachnun", count: 10 }, // only in the 30 days
      { day: TODAY, term: "sabich", count: 1 },
      { day: "2026-10-28", term: "malabi", count: 6 }, // the 30th day, today the first
      { day: "2026-10-27", term: "ancient", count: 50 }, // before the 30 days
      { day: "2026-11-27", term: "tomorrow", count: 9 }, // after today
      { day: TODAY, term: "bamba", count: 4 },
      // One visitor on each of two days (perhaps the same one: a day's hash is not the next day's).
      { day: TODAY, term: "lone", count: 1 },
      { day: "2026-11-25", term: "lone", count: 1 },
    ]);
    expect(await topMisses(database.db, SYSTEM, { days: 7, today: TODAY })).toEqual([
      { term: "kubbeh", count: 5 },
      { term: "bamba", count: 4 },
      { term: "jachnun", count: 4 },
    ]);
    expect(await topMisses(database.db, SYSTEM, { days: 30, today: TODAY })).toEqual([
      { term: "jachnun", count: 14 },
      { term: "malabi", count: 6 },
      { term: "kubbeh", count: 5 },
      { term: "bamba", count: 4 },
    ]);
    expect(await topMisses(database.db, SYSTEM, { days: 30, today: TODAY, limit: 2 })).toHaveLength(2);
    await expect(topMisses(database.db, { id: "x", role: "owner" }, { days: 7, today: TODAY })).rejects.toBeInstanceOf(
      AppError,
    );
  });
});

describe("no counter write on the request path", () => {
  it("a home search and a beacon leave the table empty until the tally flushes; bots and found terms are never written", async () => {
    const misses = createSearchMisses({
      db: database.db,
      everyMs: 3_600_000,
      now: () => new Date(`${TODAY}T10:00:00Z`),
    });
    const services = createServices(database.db, { searchMissed: misses.report });
    const search = (q: string, userAgent: string) =>
      homeLoader(routeArgs(services, `/?q=${encodeURIComponent(q)}`, { headers: { "user-agent": userAgent } }));
    expect((await search("Shakshuka Palace", BROWSER)).total).toBe(0);
    expect((await search("shakshuka   palace", BROWSER)).total).toBe(0);
    expect((await search("Shakshuka Palace", "Googlebot/2.1 (+http://www.google.com/bot.html)")).total).toBe(0);
    // Filters narrowed it to nothing, the term alone finds a listing: dropped when written.
    expect((await search("sushi", BROWSER)).total).toBe(1);
    expect(
      (await homeLoader(routeArgs(services, "/?q=sushi&kashrut=tzohar", { headers: { "user-agent": BROWSER } }))).total,
    ).toBe(0);

    // The browser's beacon: a forged term for a listing we have, and a real miss.
    const app = express();
    app.post(SEARCH_MISSED_PATH, misses.beacon);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SEARCH_MISSED_PATH}`;
      for (const body of ["Falafel Shalom", "בורקס אמיתי", "בּוּרֵקַס אמיתי"]) {
        const answer = await fetch(url, {
          method: "POST",
          body,
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER },
        });
        expect(answer.status).toBe(204);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }

    // A beacon is answered first and counted after (its address's limit is a database check).
    await misses.settled();
    expect(misses.tally.pending()).toBe(4);
    expect(await stored()).toEqual([]);
    await misses.tally.flush();
    // Each searched twice by the same visitor (one address): counted once.
    expect(await stored()).toEqual([
      { day: TODAY, term: "shakshuka palace", count: 1 },
      { day: TODAY, term: "בורקס אמיתי", count: 1 },
    ]);
    await misses.tally.stop();
  });
});

describe("the beacon's limit per address", () => {
  it("counts an address's beacons up to the limit in the shared table (keyed by a hash, never the address), then answers 204 and counts none", async () => {
    await database.db.delete(rateLimits).where(like(rateLimits.key, "search-missed:%"));
    const misses = createSearchMisses({
      db: database.db,
      everyMs: 3_600_000,
      now: () => new Date(`${TODAY}T10:00:00Z`),
      secret: "a-test-secret-".padEnd(40, "x"),
      beaconLimit: { max: 3, windowMs: 60_000 },
      clientOf: (req) => String(req.headers["x-test-client"]),
      warn: () => {},
    });
    const app = express();
    app.post(SEARCH_MISSED_PATH, misses.beacon);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SEARCH_MISSED_PATH}`;
      const send = (body: string, client: string) =>
        fetch(url, {
          method: "POST",
          body,
          headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, "x-test-client": client },
        });
      for (let i = 0; i < 8; i += 1) expect((await send(`made up term ${i}`, "198.51.100.9")).status).toBe(204);
      await misses.settled();
      expect(misses.tally.pending()).toBe(3);
      expect(misses.refused()).toBe(5);
      // Another address has its own allowance.
      expect((await send("another address term", "198.51.100.10")).status).toBe(204);
      await misses.settled();
      expect(misses.tally.pending()).toBe(4);
      const limits = await database.db.select().from(rateLimits).where(like(rateLimits.key, "search-missed:%"));
      expect(limits).toHaveLength(2);
      for (const row of limits) expect(row.key).not.toContain("198.51.100");
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await misses.tally.stop();
    }
  });
});

describe("the admins' page", () => {
  it("shows the period's top terms to an admin, 7 days unless 30 are asked for", async () => {
    const services = createServices(database.db, { now: () => new Date(`${TODAY}T10:00:00Z`) });
    const admin = await signedInUser(services, {
      email: "misses-admin@example.com",
      role: "admin",
      firstName: "Admin",
    });
    await database.db.insert(searchMisses).values([
      { day: TODAY, term: "כנאפה", count: 3 },
      { day: "2026-11-01", term: "malawach", count: 2 },
    ]);
    const week = await callRoute(searchesLoader, services, "/he/dashboard/searches", { cookie: admin.cookie });
    expect(week.data).toEqual({ days: 7, misses: [{ term: "כנאפה", count: 3 }] });
    const month = await callRoute(searchesLoader, services, "/dashboard/searches?days=30", { cookie: admin.cookie });
    expect(month.data).toEqual({
      days: 30,
      misses: [
        { term: "כנאפה", count: 3 },
        { term: "malawach", count: 2 },
      ],
    });
    // Any other period is the first.
    expect(
      (await callRoute(searchesLoader, services, "/dashboard/searches?days=3650", { cookie: admin.cookie })).data,
    ).toMatchObject({ days: 7 });
  });
});
