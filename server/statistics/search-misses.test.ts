import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { Db } from "../../database/types";
import { isBotAgent } from "./agents";
import { missKey } from "../../app/features/restaurants/search/misses";
import { RateLimitedError } from "../../app/lib/rate-limit.server";
import { createSearchMisses, SEARCH_MISSED_PATH, visitorHash, type SearchMissesOptions } from "./search-misses";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** A database no code on the request path may touch. */
const untouchable = new Proxy({} as Db, {
  get() {
    throw new Error("the database was used");
  },
});
const NOW = new Date("2026-11-26T22:30:00Z"); // 00:30 on the 27th in Tel Aviv
const SECRET = "a-unit-test-secret-".padEnd(40, "x");

function setUp(options: Partial<SearchMissesOptions> = {}) {
  const batches: Map<string, number>[] = [];
  const misses = createSearchMisses({
    db: untouchable,
    finds: async () => false,
    record: async (counts) => {
      batches.push(new Map(counts));
    },
    everyMs: 3_600_000,
    maxKeys: 3,
    now: () => NOW,
    warn: () => {},
    hitLimit: async () => {},
    secret: SECRET,
    ...options,
  });
  return { misses, batches };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

const DAY = "2026-11-27";
/** A tally key as the server makes it: the day, the term, the address's keyed hash (the secret is setUp's). */
const key = (term: string, address = "192.0.2.1") => missKey(DAY, term, visitorHash(SECRET, DAY, address));

describe("search misses on the request path", () => {
  it("counts in memory only, per Tel Aviv day, normalised term and visitor, and writes one batch on flush", async () => {
    const { misses, batches } = setUp();
    misses.report("Sushi  Bar", BROWSER, "192.0.2.1");
    misses.report("sushi bar", BROWSER, "192.0.2.1");
    misses.report("פיצה", BROWSER, "192.0.2.1");
    expect(misses.tally.pending()).toBe(2);
    expect(batches).toEqual([]);
    await misses.tally.flush();
    expect(batches).toEqual([
      new Map([
        [key("sushi bar"), 2],
        [key("פיצה"), 1],
      ]),
    ]);
    expect(misses.tally.pending()).toBe(0);
    await misses.tally.stop();
  });

  it("keeps a visitor apart from another by the day's keyed hash of their address, never the address", async () => {
    const { misses, batches } = setUp({ maxKeys: 10 });
    misses.report("sushi bar", BROWSER, "192.0.2.1");
    misses.report("sushi bar", BROWSER, "192.0.2.2");
    await misses.tally.flush();
    const keys = [...batches[0]!.keys()];
    expect(keys).toEqual([key("sushi bar", "192.0.2.1"), key("sushi bar", "192.0.2.2")]);
    for (const made of keys) expect(made).not.toContain("192.0.2");
    // Another day, another key: the same address gives another hash.
    expect(visitorHash(SECRET, "2026-11-28", "192.0.2.1")).not.toBe(visitorHash(SECRET, DAY, "192.0.2.1"));
    // Without the secret, the hash cannot be made again.
    expect(visitorHash("another secret", DAY, "192.0.2.1")).not.toBe(visitorHash(SECRET, DAY, "192.0.2.1"));
    await misses.tally.stop();
  });

  it("ignores bots, a missing User-Agent and terms shorter than three letters", async () => {
    const { misses } = setUp();
    expect(isBotAgent(GOOGLEBOT)).toBe(true);
    expect(isBotAgent("")).toBe(true);
    expect(isBotAgent(null)).toBe(true);
    expect(isBotAgent(BROWSER)).toBe(false);
    misses.report("sushi", GOOGLEBOT, "192.0.2.1");
    misses.report("sushi", undefined, "192.0.2.1");
    misses.report("sushi", "", "192.0.2.1");
    misses.report("su", BROWSER, "192.0.2.1");
    misses.report("  ", BROWSER, "192.0.2.1");
    expect(misses.tally.pending()).toBe(0);
    await misses.tally.stop();
  });

  it("searches again at most checksPerWrite different terms a write, those most visitors searched first; the rest waits for the next", async () => {
    const { misses, batches } = setUp({ checksPerWrite: 2, maxKeys: 10 });
    for (const [term, visitors] of [
      ["once", 1],
      ["thrice", 3],
      ["twice", 2],
      ["also once", 1],
    ] as const) {
      for (let i = 0; i < visitors; i += 1) misses.report(term, BROWSER, `192.0.2.${i}`);
    }
    await misses.tally.flush();
    expect([...batches[0]!.keys()].sort()).toEqual(
      [
        key("thrice", "192.0.2.0"),
        key("thrice", "192.0.2.1"),
        key("thrice", "192.0.2.2"),
        key("twice", "192.0.2.0"),
        key("twice", "192.0.2.1"),
      ].sort(),
    );
    expect(misses.tally.pending()).toBe(2);
    await misses.tally.flush();
    expect([...batches[1]!.keys()].sort()).toEqual([key("once", "192.0.2.0"), key("also once", "192.0.2.0")].sort());
    await misses.tally.stop();
  });

  it("keeps at most maxKeys different keys between writes", async () => {
    const { misses } = setUp();
    for (const term of ["aaa", "bbb", "ccc", "ddd", "eee"]) misses.report(term, BROWSER, "192.0.2.1");
    misses.report("aaa", BROWSER, "192.0.2.1");
    expect(misses.tally.pending()).toBe(3);
    await misses.tally.stop();
  });
});

describe("the beacon endpoint", () => {
  async function serve(options: Partial<SearchMissesOptions> = {}) {
    const { misses, batches } = setUp(options);
    const app = express();
    app.post(SEARCH_MISSED_PATH, misses.beacon);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (body: string, userAgent?: string) =>
      fetch(`${base}${SEARCH_MISSED_PATH}`, {
        method: "POST",
        body,
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": userAgent ?? "" },
      });
    return { misses, batches, post };
  }

  it("answers 204 and counts a browser's term, never a bot's", async () => {
    const { misses, post } = await serve();
    const answer = await post("Shawarma Place", BROWSER);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect((await post("Other Place", GOOGLEBOT)).status).toBe(204);
    expect((await post("Third Place")).status).toBe(204);
    expect((await post("ab", BROWSER)).status).toBe(204);
    await misses.settled();
    expect(misses.tally.pending()).toBe(1);
    await misses.tally.stop();
  });

  it("counts a beacon only within its address's limit, remembers a refused address until its window ends, and counts the refusals", async () => {
    const keys: string[] = [];
    let allowed = 2;
    const { misses, post } = await serve({
      maxKeys: 100,
      secret: "s".repeat(32),
      hitLimit: async (key) => {
        keys.push(key);
        if (allowed-- <= 0) throw new RateLimitedError(60_000);
      },
    });
    for (let i = 0; i < 6; i += 1) expect((await post(`term number ${i}`, BROWSER)).status).toBe(204);
    await misses.settled();
    expect(misses.tally.pending()).toBe(2);
    expect(misses.refused()).toBe(4);
    // One refusal asked the table; the next ones were answered from memory.
    expect(keys).toHaveLength(3);
    // The key is the day's keyed hash of the address, never the address.
    expect(new Set(keys)).toEqual(new Set([`search-missed:${visitorHash("s".repeat(32), "2026-11-27", "127.0.0.1")}`]));
    expect(keys[0]).not.toContain("127.0.0.1");
    await misses.tally.stop();
  });

  it("refuses a body past its limit without counting it", async () => {
    const { misses, post } = await serve();
    const answer = await post("x".repeat(5_000), BROWSER);
    expect(answer.status).toBe(413);
    expect(misses.tally.pending()).toBe(0);
    await misses.tally.stop();
  });
});
