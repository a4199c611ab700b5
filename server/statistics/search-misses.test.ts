import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { Db } from "../../database/types";
import { isBotAgent } from "./agents";
import { createSearchMisses, SEARCH_MISSED_PATH } from "./search-misses";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** A database no code on the request path may touch. */
const untouchable = new Proxy({} as Db, {
  get() {
    throw new Error("the database was used");
  },
});
const NOW = new Date("2026-11-26T22:30:00Z"); // 00:30 on the 27th in Tel Aviv

function setUp() {
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
  });
  return { misses, batches };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe("search misses on the request path", () => {
  it("counts in memory only, per Tel Aviv day and normalised term, and writes one batch on flush", async () => {
    const { misses, batches } = setUp();
    misses.report("Sushi  Bar", BROWSER);
    misses.report("sushi bar", BROWSER);
    misses.report("פיצה", BROWSER);
    expect(misses.tally.pending()).toBe(2);
    expect(batches).toEqual([]);
    await misses.tally.flush();
    expect(batches).toEqual([
      new Map([
        ["2026-11-27\tsushi bar", 2],
        ["2026-11-27\tפיצה", 1],
      ]),
    ]);
    expect(misses.tally.pending()).toBe(0);
    await misses.tally.stop();
  });

  it("ignores bots, a missing User-Agent and terms shorter than three letters", async () => {
    const { misses } = setUp();
    expect(isBotAgent(GOOGLEBOT)).toBe(true);
    expect(isBotAgent("")).toBe(true);
    expect(isBotAgent(null)).toBe(true);
    expect(isBotAgent(BROWSER)).toBe(false);
    misses.report("sushi", GOOGLEBOT);
    misses.report("sushi", undefined);
    misses.report("sushi", "");
    misses.report("su", BROWSER);
    misses.report("  ", BROWSER);
    expect(misses.tally.pending()).toBe(0);
    await misses.tally.stop();
  });

  it("keeps at most maxKeys different terms between writes", async () => {
    const { misses } = setUp();
    for (const term of ["aaa", "bbb", "ccc", "ddd", "eee"]) misses.report(term, BROWSER);
    misses.report("aaa", BROWSER);
    expect(misses.tally.pending()).toBe(3);
    await misses.tally.stop();
  });
});

describe("the beacon endpoint", () => {
  async function serve() {
    const { misses, batches } = setUp();
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
    expect(misses.tally.pending()).toBe(1);
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
