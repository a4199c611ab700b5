import { describe, expect, it } from "vitest";
import {
  assetsOfPage,
  changesWhoIsSignedIn,
  isBuildAsset,
  isKeepablePage,
  isNeverKept,
  isRestaurantPage,
  offlinePathFor,
  pageOfDataRequest,
  readWorkerMessage,
  restaurantPageOfData,
  type AnswerLike,
} from "./cache-rules";

const ORIGIN = "https://kosher.example";

function answer(path: string, headers: Record<string, string> = {}, overrides: Partial<AnswerLike> = {}): AnswerLike {
  const all = new Map(
    Object.entries({ "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60", ...headers }),
  );
  return {
    status: 200,
    type: "basic",
    url: `${ORIGIN}${path}`,
    headers: { get: (name) => all.get(name.toLowerCase()) ?? null },
    ...overrides,
  };
}

describe("which answers the service worker keeps", () => {
  it("keeps a public restaurant page", () => {
    expect(isKeepablePage(answer("/en/restaurant/falafel"), ORIGIN)).toBe(true);
    expect(
      isKeepablePage(
        answer("/he/restaurant/falafel", {
          "cache-control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
        }),
        ORIGIN,
      ),
    ).toBe(true);
  });

  it("never keeps an answer about the visitor: private or no-store, a cookie set", () => {
    expect(isKeepablePage(answer("/en/restaurant/falafel", { "cache-control": "private, no-store" }), ORIGIN)).toBe(
      false,
    );
    expect(isKeepablePage(answer("/en/restaurant/falafel", { "cache-control": "no-store" }), ORIGIN)).toBe(false);
    expect(isKeepablePage(answer("/en/restaurant/falafel", { "cache-control": "private" }), ORIGIN)).toBe(false);
    expect(isKeepablePage(answer("/en/restaurant/falafel", { "cache-control": "Private, max-age=0" }), ORIGIN)).toBe(
      false,
    );
    expect(isKeepablePage(answer("/en/restaurant/falafel", { "set-cookie": "kta_toast=1" }), ORIGIN)).toBe(false);
    // Every public page varies by cookie for shared caches (the page cache's headers): still public.
    expect(isKeepablePage(answer("/en/restaurant/falafel", { vary: "Accept-Encoding, Cookie" }), ORIGIN)).toBe(true);
  });

  it("never keeps a private route, whatever its headers say", () => {
    for (const path of [
      "/dashboard",
      "/he/dashboard/edit/1",
      "/account",
      "/he/account",
      "/login",
      "/logout",
      "/api/auth/get-session",
      "/en/restaurant/x/claim",
    ]) {
      expect(isKeepablePage(answer(path), ORIGIN), path).toBe(false);
      expect(isNeverKept(path), path).toBe(true);
    }
    expect(isNeverKept("/he/api/anything")).toBe(true);
    expect(isNeverKept("/en/restaurant/x")).toBe(false);
    expect(isNeverKept("/blogs")).toBe(false);
  });

  it("keeps only a plain 200 HTML page of this site, not redirected", () => {
    expect(isKeepablePage(answer("/en/restaurant/x", {}, { status: 404 }), ORIGIN)).toBe(false);
    expect(isKeepablePage(answer("/en/restaurant/x", {}, { type: "opaqueredirect", status: 0 }), ORIGIN)).toBe(false);
    expect(isKeepablePage(answer("/en/restaurant/x", {}, { redirected: true }), ORIGIN)).toBe(false);
    expect(isKeepablePage(answer("/en/restaurant/x", { "content-type": "application/json" }), ORIGIN)).toBe(false);
    expect(
      isKeepablePage({ ...answer("/en/restaurant/x"), url: "https://elsewhere.example/en/restaurant/x" }, ORIGIN),
    ).toBe(false);
  });
});

describe("the paths the worker reads", () => {
  it("tells a restaurant page from its forms and its data request", () => {
    expect(isRestaurantPage("/en/restaurant/falafel")).toBe(true);
    expect(isRestaurantPage("/he/restaurant/%D7%A4")).toBe(true);
    expect(isRestaurantPage("/en/restaurant/falafel/report")).toBe(false);
    expect(isRestaurantPage("/en/restaurant/falafel.data")).toBe(false);
    expect(isRestaurantPage("/blogs")).toBe(false);
    expect(restaurantPageOfData("/he/restaurant/falafel.data")).toBe("/he/restaurant/falafel");
    expect(restaurantPageOfData("/dashboard.data")).toBeNull();
    expect(restaurantPageOfData("/en/restaurant/falafel")).toBeNull();
  });

  it("tells the page a data request is for, with its own query and without the router's", () => {
    const of = (url: string) => pageOfDataRequest(new URL(url, ORIGIN));
    expect(of("/he/restaurant/falafel.data?_routes=routes%2Frestaurant")).toBe("/he/restaurant/falafel");
    expect(of("/_.data")).toBe("/");
    expect(of("/_root.data?_routes=x")).toBe("/");
    expect(of("/he.data?kashrut=mehadrin&_routes=a&index")).toBe("/he?kashrut=mehadrin");
    expect(of("/blog/s/post.data")).toBe("/blog/s/post");
  });

  it("answers offline with the offline page in the page's language", () => {
    expect(offlinePathFor("/blogs")).toBe("/offline");
    expect(offlinePathFor("/en/restaurant/x")).toBe("/offline");
    expect(offlinePathFor("/he")).toBe("/he/offline");
    expect(offlinePathFor("/he/restaurant/x")).toBe("/he/offline");
  });

  it("keeps build files, only this site's", () => {
    expect(isBuildAsset(new URL(`${ORIGIN}/assets/root-AB12.js`), ORIGIN)).toBe(true);
    expect(isBuildAsset(new URL(`${ORIGIN}/assets/root-AB12.css`), ORIGIN)).toBe(true);
    expect(isBuildAsset(new URL(`${ORIGIN}/uploads/photo.webp`), ORIGIN)).toBe(false);
    expect(isBuildAsset(new URL("https://cdn.example/assets/root.js"), ORIGIN)).toBe(false);
  });

  it("sees signing in, up and out, in both languages, with and without JavaScript", () => {
    for (const path of [
      "/login",
      "/he/login",
      "/login.data",
      "/login/two-factor",
      "/signup",
      "/logout",
      "/he/logout",
      "/api/auth/sign-in/email",
      "/api/auth/sign-out",
    ]) {
      expect(changesWhoIsSignedIn("POST", path), path).toBe(true);
    }
    expect(changesWhoIsSignedIn("GET", "/logout")).toBe(false);
    expect(changesWhoIsSignedIn("POST", "/en/restaurant/x/report")).toBe(false);
    expect(changesWhoIsSignedIn("POST", "/suggest")).toBe(false);
  });

  it("finds the build files a page names, its boot script's included, once each", () => {
    const html =
      '<link rel="stylesheet" href="/assets/root-A.css"/><script nonce="n">(function(){["/assets/entry.client-B.js","/assets/root-C.js"]})()</script>' +
      '<script type="text/x-boot-module">import * as route0 from "/assets/root-C.js";</script><img src="/uploads/x.webp"><a href="/assets/">x</a>';
    expect(assetsOfPage(html, ORIGIN).sort()).toEqual([
      `${ORIGIN}/assets/entry.client-B.js`,
      `${ORIGIN}/assets/root-A.css`,
      `${ORIGIN}/assets/root-C.js`,
    ]);
  });
});

describe("the messages a page may post to the worker", () => {
  it("reads cache-pages: this site's public pages only, without fragments or data requests, once each", () => {
    expect(
      readWorkerMessage(
        {
          type: "cache-pages",
          urls: [
            "/en/restaurant/a",
            `${ORIGIN}/he/restaurant/b#top`,
            "/en/restaurant/a",
            "https://evil.example/x",
            "/dashboard",
            "/api/live/x",
            "/en/restaurant/c.data",
            42,
          ],
        },
        ORIGIN,
      ),
    ).toEqual({ type: "cache-pages", urls: [`${ORIGIN}/en/restaurant/a`, `${ORIGIN}/he/restaurant/b`] });
  });

  it("reads forget-pages, and ignores anything else", () => {
    expect(readWorkerMessage({ type: "forget-pages" }, ORIGIN)).toEqual({ type: "forget-pages" });
    expect(readWorkerMessage({ type: "cache-pages" }, ORIGIN)).toBeNull();
    expect(readWorkerMessage({ type: "take-over-the-world" }, ORIGIN)).toBeNull();
    expect(readWorkerMessage("forget-pages", ORIGIN)).toBeNull();
    expect(readWorkerMessage(null, ORIGIN)).toBeNull();
  });
});
