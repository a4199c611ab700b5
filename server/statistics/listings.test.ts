import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { ListingCount } from "../../app/features/restaurants/statistics/store.server";
import { createListingCounter, type ListingCounter } from "./listings";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HEADLESS =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
// 2026-11-26 23:30 in Tel Aviv is 21:30 UTC: the day is Tel Aviv's, not the machine's.
const NOW = new Date("2026-11-26T21:30:00Z");

const counters: ListingCounter[] = [];
afterEach(async () => {
  await Promise.all(counters.splice(0).map((counter) => counter.tally.stop()));
});

/** The directory's slugs, as the server's cache of them gives them. */
const KNOWN = new Set(["basil-corner", "falafel-king", "כנאפה-תל-אביב"]);

function counter() {
  const written: ListingCount[] = [];
  const made = createListingCounter({
    write: async (counts) => void written.push(...counts),
    writeEveryMs: 60_000,
    now: () => NOW,
    knownSlugs: async () => KNOWN,
  });
  counters.push(made);
  return { counter: made, written };
}

function request(url: string, headers: Record<string, string> = { "user-agent": CHROME }, method = "GET") {
  return { method, url, headers } as unknown as IncomingMessage;
}

/** A response that finishes with `status` (as Node's does when the page has been sent). */
function answer(status: number) {
  const res = new EventEmitter() as EventEmitter & { statusCode: number };
  res.statusCode = status;
  return { res: res as unknown as ServerResponse, finish: () => res.emit("finish") };
}

function view(made: ListingCounter, url: string, status = 200, headers?: Record<string, string>) {
  const { res, finish } = answer(status);
  made.observe(request(url, headers), res);
  finish();
}

describe("counting views of restaurant pages", () => {
  it("counts a page and its data (a visit inside the app), in either language, on Tel Aviv's day", async () => {
    const { counter: made, written } = counter();
    view(made, "/en/restaurant/basil-corner");
    view(made, "/he/restaurant/basil-corner?x=1");
    view(made, "/en/restaurant/basil-corner.data", 200, { "user-agent": CHROME, referer: "http://localhost/?q=basil" });
    view(made, "/he/restaurant/%D7%A4%D7%9C%D7%90%D7%A4%D7%9C");
    await made.tally.flush();
    expect(written).toEqual(
      expect.arrayContaining([
        { day: "2026-11-26", slug: "basil-corner", kind: "views", count: 3 },
        { day: "2026-11-26", slug: "פלאפל", kind: "views", count: 1 },
      ]),
    );
    expect(written).toHaveLength(2);
  });

  it("counts nothing for bots, a missing User-Agent, prefetches, offline copies, or a page re-reading its own data", async () => {
    const { counter: made, written } = counter();
    view(made, "/en/restaurant/basil-corner", 200, { "user-agent": GOOGLEBOT });
    view(made, "/en/restaurant/basil-corner", 200, { "user-agent": HEADLESS });
    view(made, "/en/restaurant/basil-corner", 200, {});
    view(made, "/en/restaurant/basil-corner", 200, { "user-agent": CHROME, "sec-purpose": "prefetch;prerender" });
    view(made, "/en/restaurant/basil-corner", 200, { "user-agent": CHROME, "x-offline-copy": "1" });
    view(made, "/en/restaurant/basil-corner.data", 200, {
      "user-agent": CHROME,
      referer: "http://localhost/en/restaurant/basil-corner",
    });
    await made.tally.flush();
    expect(written).toEqual([]);
  });

  it("counts only answers of 200: not a missing listing, a redirect, another page or a write", async () => {
    const { counter: made, written } = counter();
    view(made, "/en/restaurant/no-such-place", 404);
    view(made, "/en/restaurant/old-name", 301);
    view(made, "/en/restaurant/basil-corner/report");
    view(made, "/en/restaurants");
    view(made, "/");
    const { res, finish } = answer(200);
    made.observe(request("/en/restaurant/basil-corner", { "user-agent": CHROME }, "POST"), res);
    finish();
    await made.tally.flush();
    expect(written).toEqual([]);
  });

  it("counts nothing before the page is sent, and never writes on the request's way", async () => {
    const { counter: made, written } = counter();
    const { res, finish } = answer(200);
    made.observe(request("/en/restaurant/basil-corner"), res);
    expect(made.tally.pending()).toBe(0);
    finish();
    expect(made.tally.pending()).toBe(1);
    // Written only by a flush (the timer's, every STATISTICS_WRITE_SECONDS).
    expect(written).toEqual([]);
  });
});

describe("counting taps", () => {
  it("counts the six kinds of link, for people only", async () => {
    const { counter: made, written } = counter();
    for (const kind of ["phone", "navigate", "booking", "order", "wolt", "menu"])
      expect(await made.tap(request("/api/taps"), "basil-corner", kind)).toBe(true);
    expect(await made.tap(request("/api/taps"), "basil-corner", "phone")).toBe(true);
    expect(await made.tap(request("/api/taps"), "basil-corner", "views")).toBe(false);
    expect(await made.tap(request("/api/taps"), "basil-corner", "instagram")).toBe(false);
    expect(await made.tap(request("/api/taps", { "user-agent": GOOGLEBOT }), "basil-corner", "phone")).toBe(false);
    expect(await made.tap(request("/api/taps", {}), "basil-corner", "phone")).toBe(false);
    expect(await made.tap(request("/api/taps"), "x".repeat(201), "phone")).toBe(false);
    await made.tally.flush();
    expect(written).toContainEqual({ day: "2026-11-26", slug: "basil-corner", kind: "phone", count: 2 });
    expect(written.map((count) => count.kind).sort()).toEqual([
      "booking",
      "menu",
      "navigate",
      "order",
      "phone",
      "wolt",
    ]);
  });

  it("counts only listings that exist: a flood of made-up slugs takes no room in the tally and pushes out no real count", async () => {
    const written: ListingCount[] = [];
    // A small tally, so that made-up slugs, if they were kept, would fill it before the real taps.
    const made = createListingCounter({
      write: async (counts) => void written.push(...counts),
      writeEveryMs: 60_000,
      now: () => NOW,
      maxKeys: 10,
      knownSlugs: async () => KNOWN,
    });
    counters.push(made);
    for (let i = 0; i < 5_000; i += 1)
      expect(await made.tap(request("/api/taps"), `made-up-${i}`, "phone")).toBe(false);
    expect(made.tally.pending()).toBe(0);
    expect(await made.tap(request("/api/taps"), "falafel-king", "wolt")).toBe(true);
    expect(await made.tap(request("/api/taps"), "כנאפה-תל-אביב", "menu")).toBe(true);
    expect(made.tally.pending()).toBe(2);
    await made.tally.flush();
    expect(written.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { day: "2026-11-26", slug: "falafel-king", kind: "wolt", count: 1 },
      { day: "2026-11-26", slug: "כנאפה-תל-אביב", kind: "menu", count: 1 },
    ]);
  });

  it("counts nothing while the directory's slugs cannot be read (a tap is not worth a guess)", async () => {
    const made = createListingCounter({
      write: async () => {},
      writeEveryMs: 60_000,
      now: () => NOW,
      knownSlugs: () => Promise.reject(new Error("the database is down")),
    });
    counters.push(made);
    expect(await made.tap(request("/api/taps"), "basil-corner", "phone")).toBe(false);
    expect(made.tally.pending()).toBe(0);
  });
});
