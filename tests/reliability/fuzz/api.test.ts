// Fuzzing the API routes (POST /api/uploads, GET /api/live/restaurants/:slug, /healthz), posts to
// pages that have no action, and page loaders with hostile ids, slugs and query strings.
import fc from "fast-check";
import { get as httpGet } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { anySegment, anyString, encode } from "./arbitraries";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { claims } from "../../../database/schema/lifecycle";
import { uploads } from "../../../database/schema/uploads";
import { imageFiles } from "../../../app/lib/images";
import { searchMisses } from "../../../database/schema/statistics";
import { MISS_TERM_MAX, missTerm } from "../../../app/features/restaurants/search/misses";
import { check, EVERYONE, send, sendInvalid, startFuzzServer, type FuzzServer, type Who } from "./harness";

let server: FuzzServer;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(async () => {
  await server?.stop();
});

const cookieOf = (who: Who) => server.cookieOf(who);

describe("POST /api/uploads", () => {
  const kinds = fc.oneof(
    fc.constantFrom("photo", "teuda", "menu", "pdf", "PHOTO", "", "../../etc/passwd", "photo&kind=pdf"),
    anyString.map(encode),
  );
  /** Multipart bodies that are not a single image or PDF in a field named "file". */
  type UploadBody = { headers?: Record<string, string>; body?: FormData | string | Uint8Array };
  const bodies: fc.Arbitrary<UploadBody> = fc.oneof<fc.Arbitrary<UploadBody>[]>(
    fc
      .record({
        name: fc.constantFrom("file", "files", "", "__proto__"),
        filename: fc.oneof(anyString, fc.constantFrom("../../etc/passwd", "a.png", "x.pdf\u0000.png", "")),
        data: fc.uint8Array({ maxLength: 4_000 }),
        type: fc.constantFrom("image/png", "application/pdf", "text/html", ""),
      })
      .map(({ name, filename, data, type }) => {
        const form = new FormData();
        form.append(name, new Blob([new Uint8Array(data)], { type }), filename.replace(/[\uD800-\uDFFF]/g, "?"));
        return { body: form };
      }),
    fc.record({ count: fc.integer({ min: 2, max: 4 }) }).map(({ count }) => {
      const form = new FormData();
      // A PNG signature with garbage after it: sniffed as an image, then refused by the decoder.
      for (let i = 0; i < count; i++)
        form.append(
          "file",
          new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], { type: "image/png" }),
          `x${i}.png`,
        );
      return { body: form };
    }),
    fc.record({
      headers: fc.constantFrom<Record<string, string>>(
        { "content-type": "multipart/form-data" },
        { "content-type": "multipart/form-data; boundary=zz" },
        { "content-type": "application/json" },
        { "content-type": "image/png" },
        {},
      ),
      body: fc.oneof<fc.Arbitrary<string | Uint8Array>[]>(
        anyString,
        fc.uint8Array({ maxLength: 3_000 }),
        fc.constantFrom(
          '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
          "--zz--",
          "--zz\r\n\r\n",
        ),
      ),
    }),
  );

  it("refuses everything that is not an image or PDF from an owner or admin; stores no file and nothing else", async () => {
    const arbitrary = fc.record({ who: fc.constantFrom(...EVERYONE), kind: kinds, body: bodies });
    await check("uploads", arbitrary, 300, async ({ who, kind, body }) => {
      const response = await sendInvalid(server, {
        method: "POST",
        path: `/api/uploads?kind=${kind}`,
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      // 414/431: a query string longer than Node accepts in a request line.
      if (who === "anonymous" || who === "guest") expect([400, 403, 414, 431]).toContain(response.status);
    });
  });
});

describe("POST /api/uploads: accepted files are recorded with their uploader", () => {
  it("records an owner's or admin's upload (kind, uploader, unattached); from anyone else, nothing", async () => {
    const png = await sharp({ create: { width: 420, height: 300, channels: 3, background: "#446688" } })
      .png()
      .toBuffer();
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      kind: fc.constantFrom("photo", "teuda", "menu"),
      name: fc.constantFrom("a.png", "../../etc/passwd.png", "תפריט.png", "x.pdf.png"),
    });
    await check("uploads recorded", arbitrary, 40, async ({ who, kind, name }) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), name);
      const request = { method: "POST", path: `/api/uploads?kind=${kind}`, body: form, headers: cookieOf(who) };
      if (who === "anonymous" || who === "guest") {
        expect((await sendInvalid(server, request)).status).toBe(403);
        return;
      }
      const response = await send(server, request);
      expect(response.status).toBe(201);
      const { url } = JSON.parse(response.text) as { url: string };
      const [row] = await server.db.select().from(uploads).where(eq(uploads.url, url));
      expect(row).toMatchObject({ kind, uploaded_by: server.fixtures.userIds[who], restaurant_id: null });
    });
  });
});

// Taps reported by links' ping. Any slug and kind, from a browser or not, signed in or
// not: a quick empty answer (or the cross-site refusal), never a 5xx.
describe("POST /api/taps/:slug/:kind", () => {
  it("answers any slug, kind and body with 204 (a 4xx from another site, or for a path that is not a tap's), never a 5xx", async () => {
    const arbitrary = fc.record({
      slug: fc.oneof(anySegment, fc.constant(server.fixtures.restaurantSlug)),
      kind: fc.oneof(
        anySegment,
        fc.constantFrom("phone", "navigate", "booking", "order", "wolt", "menu", "views", "__proto__"),
      ),
      site: fc.constantFrom("same-origin", "cross-site", undefined),
      agent: fc.constantFrom(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Googlebot/2.1",
        undefined,
      ),
      who: fc.constantFrom(...EVERYONE),
      body: anyString,
    });
    await check("taps", arbitrary, 150, async ({ slug, kind, site, agent, who, body }) => {
      const response = await send(server, {
        method: "POST",
        path: `/api/taps/${slug}/${kind}`,
        body,
        headers: {
          "content-type": "text/ping",
          ...(site ? { "sec-fetch-site": site } : {}),
          ...(agent ? { "user-agent": agent } : {}),
          ...cookieOf(who),
        },
      });
      // A path that is not a tap's (an empty or a slash-encoded segment) is some other page's 4xx.
      expect(
        response.status === 204 || (response.status >= 400 && response.status < 500),
        String(response.status),
      ).toBe(true);
      if (who !== "anonymous" && /^[a-z0-9-]+$/.test(slug) && /^[a-z_]+$/.test(kind)) expect(response.status).toBe(204);
    });
  });
});

// The browser's beacon for a search of its own index that found nothing.
describe("POST /api/searches/missed", () => {
  const BROWSER =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
  it("answers any body, type and agent without a 5xx, writes nothing on the way, and keeps only normalised terms of three letters that find nothing", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      body: fc.oneof(
        anyString,
        fc.constantFrom("Fuzz Place", "fuzz", "x".repeat(400), "פיצה טעימה", "ab"),
        fc.uint8Array({ maxLength: 400 }),
      ),
      type: fc.constantFrom(
        "text/plain;charset=UTF-8",
        "text/plain; charset=latin1",
        "application/json",
        "application/x-www-form-urlencoded",
        "text/plain; charset=nope",
      ),
      agent: fc.constantFrom(BROWSER, "", "Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.0"),
    });
    await check("missed searches", arbitrary, 200, async ({ who, body, type, agent }) => {
      const response = await sendInvalid(server, {
        method: "POST",
        path: "/api/searches/missed",
        body,
        headers: { "content-type": type, "user-agent": agent, ...cookieOf(who) },
      });
      expect([204, 400, 403, 413, 415]).toContain(response.status);
    });
    const warn = vi.spyOn(console, "warn");
    try {
      await server.writeStatistics();
      // Every counted term could be searched and written: none is held back for the next write.
      expect(warn.mock.calls.map(String).filter((call) => call.includes("search misses"))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
    const rows = await server.db.select().from(searchMisses);
    for (const row of rows) {
      expect(missTerm(row.term), row.term).toBe(row.term);
      expect([...row.term].length).toBeLessThanOrEqual(MISS_TERM_MAX);
      // A listing's name is found by the directory: never kept as a miss.
      expect(row.term).not.toContain("fuzz");
    }
    await server.db.delete(searchMisses);
  });
});

describe("GET /api/live/restaurants/:slug", () => {
  it("answers any slug with 400 or an event stream, never a 5xx", async () => {
    const arbitrary = fc.oneof(
      anySegment,
      fc.constant("fuzz-place"),
      fc.constantFrom("a".repeat(201), "%F0%9F%8D%95", "..", "."),
    );
    await check("live", arbitrary, 150, async (slug) => {
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpGet(`${server.baseUrl}/api/live/restaurants/${slug}`, { agent: false }, (response) => {
          // A stream never ends by itself: read the status, then hang up.
          resolve(response.statusCode ?? 0);
          response.destroy();
        });
        request.on("error", reject);
      });
      expect(status).toBeLessThan(500);
    });
  });
});

// The open data feeds take no input; any query string or conditional header still gets the feed (or a 304), never a 5xx.
describe("GET /api/restaurants.json and .geojson", () => {
  it("answer any query string, If-None-Match and Accept-Encoding, as every role, with the feed or a 304", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      path: fc.constantFrom(
        "/api/restaurants.json",
        "/api/restaurants.geojson",
        "/API/Restaurants.JSON",
        "/he/api/restaurants.json",
      ),
      query: fc.oneof(
        fc.constant(""),
        anyString.map((s) => `?${encode(s)}`),
        fc.constantFrom("?%", "?%ZZ", "?__proto__[x]=1"),
      ),
      etag: fc.oneof(fc.constant(undefined), anyString.map(encode), fc.constant('W/"x"')),
      encoding: fc.constantFrom("br", "gzip", "identity", "*", "br;q=0, gzip;q=0", ""),
    });
    await check("open-data", arbitrary, 60, async ({ who, path, query, etag, encoding }) => {
      const response = await send(server, {
        method: "GET",
        path: path + query,
        headers: {
          ...cookieOf(who),
          "accept-encoding": encoding,
          ...(etag === undefined ? {} : { "if-none-match": etag }),
        },
      });
      if (
        path.startsWith("/api/restaurants.") &&
        response.status === 200 &&
        response.headers.get("content-encoding") === null
      ) {
        const feed = JSON.parse(response.text) as { count: number; license: { name: string } };
        expect(feed.license.name).toBe("ODbL-1.0");
      }
    });
  });
});

describe("other methods and pages without an action", () => {
  it("answers any method on /healthz and posts to read-only pages without a 5xx; nothing changes", async () => {
    const arbitrary = fc.record({
      method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
      path: fc.constantFrom(
        "/healthz",
        "/",
        "/he",
        "/blogs",
        "/sitemap",
        "/sitemap.xml",
        "/robots.txt",
        "/privacy-policy",
        "/he/review-policy",
        "/he/accessibility",
        "/en/restaurant/fuzz-place",
        "/blog/s/no-such-post",
        "/verify-email",
        "/api/live/restaurants/x",
        "/uploads/../../etc/passwd",
        "/assets/..%2f..%2fpackage.json",
        "/no/such/page",
        // The service worker, the web app manifests and the offline pages.
        "/sw.js",
        "/manifest.webmanifest",
        "/he/manifest.webmanifest",
        "/offline",
        "/he/offline",
        // The open data feeds.
        "/api/restaurants.json",
        "/api/restaurants.geojson",
      ),
      who: fc.constantFrom(...EVERYONE),
      body: anyString,
    });
    await check("methods", arbitrary, 200, async ({ method, path, who, body }) => {
      // A stream (GET) never ends by itself: it is covered above. HEAD answers and ends.
      if (method === "GET" && path.startsWith("/api/live/")) return;
      await sendInvalid(server, {
        method,
        path,
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", ...cookieOf(who) },
      });
    });
  });

  it("page loaders answer hostile ids, slugs and query strings without a 5xx", async () => {
    const query = fc.oneof(
      anyString.map(encode),
      fc.constantFrom("%", "%ZZ", "a=%E0%A4%A", "q[]=1&q[a]=2", "__proto__[x]=1"),
    );
    const arbitrary = fc.record({
      who: fc.constantFrom<Who>("anonymous", "admin", "owner"),
      path: fc.oneof(
        anySegment.map((s) => `/en/restaurant/${s}`),
        anySegment.map((s) => `/he/restaurant/${s}`),
        anySegment.map((s) => `/restaurant/${s}`),
        anySegment.map((s) => `/blog/${s}`),
        anySegment.map((s) => `/blog/s/${s}`),
        anySegment.map((s) => `/dashboard/edit/${s}`),
        anySegment.map((s) => `/dashboard/blog/edit/${s}`),
        query.map((q) => `/dashboard/users?q=${q}&page=${q}`),
        fc
          .constantFrom("-1", "0", "1e309", "NaN", "99999999999999999999", "2.5")
          .map((p) => `/dashboard/users?page=${p}`),
        query.map((q) => `/verify-email?token=${q}`),
        query.map((q) => `/reset-password?token=${q}`),
        query.map((q) => `/blogs?${q}`),
      ),
    });
    await check("loaders", arbitrary, 300, async ({ who, path }) => {
      await sendInvalid(server, { method: "GET", path, headers: cookieOf(who) });
    });
  });

  it("every page answers a NUL or a broken encoding in each query parameter it reads with a 4xx or the page, never a 5xx (every value, every page)", async () => {
    for (const [path, params] of pagesWithParams()) {
      for (const name of [...params, "unknown"]) {
        for (const value of ["%00", "a%00b", "%", "%ZZ", "%E0%A4%A", "x".repeat(5_000)]) {
          for (const who of ["anonymous", "admin"] as const)
            await send(server, { method: "GET", path: `${path}?${name}=${value}`, headers: cookieOf(who) });
        }
      }
    }
  });

  it("every page takes hostile values in every query parameter it reads (and one it does not), as every role: never a 5xx", async () => {
    const pages = pagesWithParams();
    const hostile = fc.oneof(
      fc.constantFrom(
        "%00",
        "a%00b",
        "%",
        "%ZZ",
        "%E0%A4%A",
        "%D7%A9%D7%9C%D7%95%D7%9D",
        "__proto__",
        "constructor",
        "-1",
        "0",
        "1e309",
        "NaN",
        "99999999999999999999",
        "%3Cscript%3E",
        "x".repeat(5_000),
        "%EF%BF%BF",
        "%E2%80%AE",
      ),
      anyString.map(encode),
    );
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      page: fc.constantFrom(...pages),
      data: fc.boolean(),
      values: fc.array(hostile, { minLength: 1, maxLength: 3 }),
      repeat: fc.boolean(),
    });
    await check("query parameters", arbitrary, 400, async ({ who, page: [path, params], data, values, repeat }) => {
      // The parameters the page reads and one it does not, each given a hostile value (maybe twice).
      const names = [...params, "unknown"];
      const query = names.flatMap((name, i) => {
        const value = values[i % values.length]!;
        return repeat ? [`${name}=${value}`, `${name}=${values[0]!}`] : [`${name}=${value}`];
      });
      // A page's data request (client navigation) reads the same parameters.
      const target = data && !/\.(xml|txt)$/.test(path) ? `${path === "/" ? "/_" : path}.data` : path;
      await sendInvalid(server, { method: "GET", path: `${target}?${query.join("&")}`, headers: cookieOf(who) });
    });
  });
});

/** Each page of app/routes.ts with the query parameters its loader or component reads. */
function pagesWithParams(): [path: string, params: string[]][] {
  return [
    ["/", ["q", "tag", "kashrut", "link", "show"]],
    ["/he", ["q", "tag", "kashrut", "link", "show"]],
    [`/en/restaurant/${server.fixtures.restaurantSlug}`, []],
    [`/he/restaurant/${server.fixtures.restaurantSlug}`, []],
    ["/blogs", []],
    [`/blog/${server.fixtures.blogId}`, []],
    [`/blog/s/${server.fixtures.blogSlug}`, []],
    ["/accessibility", []],
    ["/he/privacy-policy", []],
    ["/review-policy", []],
    ["/sitemap", []],
    ["/sitemap.xml", []],
    ["/robots.txt", []],
    ["/login", []],
    ["/he/signup", []],
    ["/forgot-password", []],
    ["/reset-password", ["token"]],
    ["/he/reset-password", ["token"]],
    ["/verify-email", ["token"]],
    ["/account", []],
    ["/he/account", []],
    ["/dashboard", []],
    ["/he/dashboard", []],
    ["/dashboard/add", []],
    [`/dashboard/edit/${server.fixtures.restaurantId}`, []],
    ["/dashboard/users", ["q", "page"]],
    // Statistics (a listing's or the overview) and their CSV.
    ["/dashboard/statistics", ["restaurant", "days"]],
    ["/he/dashboard/statistics", ["restaurant", "days"]],
    ["/dashboard/statistics/csv", ["restaurant", "days"]],
    ["/he/dashboard/users", ["q", "page"]],
    ["/dashboard/blog/add", []],
    [`/dashboard/blog/edit/${server.fixtures.blogId}`, []],
    ["/restaurant/x", []],
  ];
}

describe("GET /uploads: held files", () => {
  const HELD_BYTES = "RIFF0000WEBP-held";
  it("any path under /uploads answers without a 5xx, and a claim's proof (any width, any spelling) reaches admins only, uncached", async () => {
    const proof = "/uploads/restaurant-images/0a1b2c3d4e5f60718293a4b5-800.webp";
    const [claim] = await server.db
      .insert(claims)
      .values({
        restaurant_id: server.fixtures.otherRestaurantId,
        user_id: server.fixtures.userIds.guest,
        role_at_restaurant: "Owner",
        business_phone: "03-555-1234",
        proof_url: proof,
        language: "en",
      })
      .returning();
    await server.db
      .insert(uploads)
      .values({ url: proof, kind: "teuda", uploaded_by: server.fixtures.userIds.guest, held_by: claim!.id });
    for (const url of imageFiles(proof)) {
      const file = path.join(server.uploadsDir, url.slice("/uploads/".length));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, HELD_BYTES);
    }
    const held = fc
      .constantFrom(...imageFiles(proof))
      .chain((url) =>
        fc.constantFrom(
          url,
          url.replace("restaurant-images", "restaurant%2Dimages"),
          `${url}?v=1`,
          url.replace(".webp", "%2Ewebp"),
          url.toUpperCase(),
        ),
      );
    const arbitrary = fc.record({
      method: fc.constantFrom("GET", "HEAD"),
      path: fc.oneof(
        held,
        anySegment.map((s) => `/uploads/${s}`),
        anySegment.map((s) => `/uploads/restaurant-images/${s}`),
      ),
      who: fc.constantFrom(...EVERYONE),
    });
    await check("held files", arbitrary, 200, async ({ method, path: requested, who }) => {
      const response = await sendInvalid(server, { method, path: requested, headers: cookieOf(who) });
      let decoded = "";
      try {
        decoded = decodeURIComponent(requested.split("?")[0]!);
      } catch {
        // A broken encoding names no file.
      }
      const isHeld = imageFiles(proof).includes(decoded);
      if (isHeld) {
        expect(response.status, `${who} ${requested}`).toBe(who === "admin" ? 200 : 404);
        expect(response.headers.get("cache-control"), requested).toBe("private, no-store");
      }
      // Only an admin ever reads the held file's bytes.
      if (who !== "admin") expect(response.text, `${who} ${requested}`).not.toBe(HELD_BYTES);
    });
  });
});
