import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { manifestPath, offlinePage, webManifest } from "./app-pages.server";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));

describe("the web app manifest", () => {
  it("is named, laid out and started in its language", () => {
    expect(webManifest("en")).toMatchObject({
      name: "Kosher Tel Aviv",
      short_name: "Kosher TLV",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      id: "/",
      display: "standalone",
    });
    expect(webManifest("he")).toMatchObject({
      name: "כשר תל אביב",
      short_name: "כשר ת״א",
      lang: "he",
      dir: "rtl",
      start_url: "/he",
      id: "/he",
      display: "standalone",
    });
  });

  it("has the design's colours and installable icons that exist, one maskable", () => {
    for (const language of ["en", "he"] as const) {
      const manifest = webManifest(language);
      expect(manifest.theme_color).toBe("#114a2d");
      expect(manifest.background_color).toBe("#fafaf9");
      expect(manifest.scope).toBe("/");
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
      expect(manifest.icons.filter((icon) => icon.purpose === "maskable")).toHaveLength(1);
      for (const icon of manifest.icons) expect(existsSync(path.join(publicDir, icon.src)), icon.src).toBe(true);
    }
  });

  it("is linked at a path in the page's language", () => {
    expect(manifestPath("en")).toBe("/manifest.webmanifest");
    expect(manifestPath("he")).toBe("/he/manifest.webmanifest");
  });
});

describe("the offline page", () => {
  it("says so in its language, right to left in Hebrew, with a link home and no scripts", () => {
    const english = offlinePage("en");
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain("You are offline");
    expect(english).toContain("saved places");
    expect(english).toContain('<a href="/">Return to Home</a>');
    expect(english).not.toContain("<script");
    const hebrew = offlinePage("he");
    expect(hebrew).toContain('<html lang="he" dir="rtl">');
    expect(hebrew).toContain("אין חיבור לאינטרנט");
    expect(hebrew).toContain('<a href="/he">');
    expect(hebrew).not.toContain("<script");
  });

  it("names the site's icon, which the service worker keeps, so the browser asks for no /favicon.ico", () => {
    expect(offlinePage("en")).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(offlinePage("he")).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
