import { describe, expect, it } from "vitest";
import { crossSiteRefusal, isFilePath, isPersonal } from "./requests";

const OURS = new Set(["kosher.example", "127.0.0.1:3000"]);
const SESSION = "theme=x; better-auth.session_token=abc.def";

describe("crossSiteRefusal (state-changing requests)", () => {
  it("lets through what a browser sends from our own pages, with or without JavaScript", () => {
    expect(
      crossSiteRefusal({ secFetchSite: "same-origin", origin: "https://kosher.example", cookie: SESSION }, OURS),
    ).toBeNull();
    expect(crossSiteRefusal({ secFetchSite: "none", cookie: SESSION }, OURS)).toBeNull();
    // An older browser: no fetch metadata, but an Origin or a Referer of ours.
    expect(crossSiteRefusal({ origin: "http://127.0.0.1:3000", cookie: SESSION }, OURS)).toBeNull();
    expect(
      crossSiteRefusal({ referer: "https://kosher.example/he/dashboard/edit/1", cookie: SESSION }, OURS),
    ).toBeNull();
  });

  it("refuses any sign of another site, signed in or not", () => {
    for (const request of [
      { secFetchSite: "cross-site" },
      { secFetchSite: "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "not a url" },
      { referer: "https://evil.example/form" },
      // A foreign Referer is not excused by an own Origin, nor the other way round.
      { origin: "https://kosher.example", referer: "https://evil.example/" },
      { secFetchSite: "same-origin", origin: "https://evil.example" },
    ]) {
      expect(crossSiteRefusal(request, OURS), JSON.stringify(request)).not.toBeNull();
      expect(crossSiteRefusal({ ...request, cookie: SESSION }, OURS), JSON.stringify(request)).not.toBeNull();
    }
  });

  it("refuses a signed-in write that shows nowhere where it came from", () => {
    expect(crossSiteRefusal({ cookie: SESSION }, OURS)).toMatch(/signed-in/);
    expect(crossSiteRefusal({ cookie: "__Secure-better-auth.session_token=abc" }, OURS)).toMatch(/signed-in/);
    expect(crossSiteRefusal({ cookie: SESSION, referer: "" }, OURS)).toMatch(/signed-in/);
  });

  it("leaves a write without a session and without provenance to the action's own checks (scripts, old clients)", () => {
    expect(crossSiteRefusal({}, OURS)).toBeNull();
    expect(crossSiteRefusal({ cookie: "kta_toast=1" }, OURS)).toBeNull();
  });
});

describe("isPersonal", () => {
  it("is true for a session or a waiting one-time message, false otherwise", () => {
    expect(isPersonal(SESSION)).toBe(true);
    expect(isPersonal("a=1; kta_toast=xyz")).toBe(true);
    expect(isPersonal("a=1; not_kta_toast=1")).toBe(false);
    expect(isPersonal(undefined)).toBe(false);
  });
});

describe("isFilePath (a plain 404 when missing, never the app's 404 page)", () => {
  it("takes paths under the file folders and paths with an extension for files", () => {
    for (const path of [
      "/images/missing.svg",
      "/uploads/blog/x.webp",
      "/assets/gone-123.js",
      "/images/no-extension",
      "/favicon.ico",
      "/blog/photo.png",
      "/he/logo.PNG",
    ]) {
      expect(isFilePath(path), path).toBe(true);
    }
  });

  it("leaves pages, React Router's data requests and the app's file-like routes to the app", () => {
    for (const path of [
      "/",
      "/he",
      "/blogs",
      "/blog/s/top-5",
      "/en/restaurant/x",
      "/blogs.data",
      "/_root.data",
      "/he/dashboard.data",
      "/sitemap.xml",
      "/robots.txt",
      "/sitemaps/restaurants-12.xml",
      "/sitemaps/pages.xml",
      // The open data feeds.
      "/api/restaurants.json",
      "/api/restaurants.geojson",
      "/no-such-page",
    ]) {
      expect(isFilePath(path), path).toBe(false);
    }
  });
});
