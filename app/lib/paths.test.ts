import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TRICKY_RETURN_PATHS } from "../../tests/setup/tricky-return-paths";
import { detectLanguage, switchLanguagePath } from "./i18n/language";
import {
  accessibilityPath,
  accountPath,
  blogAddPath,
  blogEditPath,
  blogPath,
  blogsPath,
  dashboardPath,
  forgotPasswordPath,
  homePath,
  inBothLanguages,
  loginPath,
  logoutPath,
  privacyPolicyPath,
  safeReturnPath,
  resetPasswordPath,
  restaurantPath,
  signupPath,
  sitemapPath,
  twoFactorLoginPath,
  verifyEmailPath,
} from "./paths";
import { dashboardAddPath, dashboardEditPath, dashboardUsersPath } from "./member-paths";

describe("page paths", () => {
  it("follow the spec's route table in English and Hebrew", () => {
    expect(inBothLanguages(homePath)).toEqual({ en: "/", he: "/he" });
    expect(inBothLanguages((l) => restaurantPath("olive-and-coal", l))).toEqual({
      en: "/en/restaurant/olive-and-coal",
      he: "/he/restaurant/olive-and-coal",
    });
    expect(inBothLanguages(loginPath)).toEqual({ en: "/login", he: "/he/login" });
    expect(inBothLanguages(twoFactorLoginPath)).toEqual({ en: "/login/two-factor", he: "/he/login/two-factor" });
    expect(inBothLanguages(signupPath)).toEqual({ en: "/signup", he: "/he/signup" });
    expect(inBothLanguages(forgotPasswordPath)).toEqual({ en: "/forgot-password", he: "/he/forgot-password" });
    expect(inBothLanguages((l) => resetPasswordPath(l))).toEqual({ en: "/reset-password", he: "/he/reset-password" });
    expect(inBothLanguages((l) => verifyEmailPath(l))).toEqual({ en: "/verify-email", he: "/he/verify-email" });
    expect(inBothLanguages((l) => accountPath(l))).toEqual({ en: "/account", he: "/he/account" });
    expect(accountPath("he", "two-factor")).toBe("/he/account#two-factor");
    expect(inBothLanguages(dashboardPath)).toEqual({ en: "/dashboard", he: "/he/dashboard" });
    expect(inBothLanguages(dashboardAddPath)).toEqual({ en: "/dashboard/add", he: "/he/dashboard/add" });
    expect(inBothLanguages((l) => dashboardEditPath("r-1", l))).toEqual({
      en: "/dashboard/edit/r-1",
      he: "/he/dashboard/edit/r-1",
    });
    expect(inBothLanguages(dashboardUsersPath)).toEqual({ en: "/dashboard/users", he: "/he/dashboard/users" });
    expect(inBothLanguages(accessibilityPath)).toEqual({ en: "/accessibility", he: "/he/accessibility" });
    expect(inBothLanguages(privacyPolicyPath)).toEqual({ en: "/privacy-policy", he: "/he/privacy-policy" });
    // The header's Blogs link follows the language (the Hebrew one redirects to /blogs).
    expect(inBothLanguages(blogsPath)).toEqual({ en: "/blogs", he: "/he/blogs" });
    expect(blogsPath()).toBe("/blogs");
  });

  it("keep English-only pages unprefixed", () => {
    expect(blogPath({ id: "b-1", slug: "top-5" })).toBe("/blog/s/top-5");
    expect(blogPath({ id: "b-1", slug: null })).toBe("/blog/b-1");
    expect(blogPath({ id: "b-1" })).toBe("/blog/b-1");
    expect(blogPath({ id: "b-1", slug: "" })).toBe("/blog/b-1");
    expect(blogAddPath()).toBe("/dashboard/blog/add");
    expect(blogEditPath("b-1")).toBe("/dashboard/blog/edit/b-1");
    expect(logoutPath()).toBe("/logout");
    expect(sitemapPath("en")).toBe("/sitemap");
    expect(sitemapPath("he")).toBe("/he/sitemap");
  });

  it("are in the language they are asked for, and switch like the language toggle", () => {
    for (const language of ["en", "he"] as const) {
      const other = language === "en" ? "he" : "en";
      for (const path of [
        homePath(language),
        restaurantPath("x", language),
        loginPath(language),
        dashboardEditPath("1", language),
      ]) {
        expect(detectLanguage(path), path).toBe(language);
        expect(switchLanguagePath(path, language), path).toBe(path);
      }
      expect(switchLanguagePath(restaurantPath("x", language), other)).toBe(restaurantPath("x", other));
    }
  });

  it("encode a slug or id as one path segment", () => {
    expect(restaurantPath("café/bar?x=1#y", "en")).toBe("/en/restaurant/caf%C3%A9%2Fbar%3Fx%3D1%23y");
    expect(restaurantPath("קפה", "he")).toBe("/he/restaurant/%D7%A7%D7%A4%D7%94");
    expect(restaurantPath("a b", "he")).toBe("/he/restaurant/a%20b");
    expect(dashboardEditPath("../users", "en")).toBe("/dashboard/edit/..%2Fusers");
    expect(blogPath({ id: "1", slug: "a/b" })).toBe("/blog/s/a%2Fb");
    expect(blogEditPath("x?y")).toBe("/dashboard/blog/edit/x%3Fy");
    // Encoded slugs decode back to themselves (what the router gives the loader as params.slug).
    const slug = "מסעדה & bar";
    expect(decodeURIComponent(restaurantPath(slug, "en").split("/").pop()!)).toBe(slug);
  });

  it("encode tokens as query values", () => {
    expect(resetPasswordPath("en", "a+b/c=")).toBe("/reset-password?token=a%2Bb%2Fc%3D");
    expect(verifyEmailPath("he", "t&u")).toBe("/he/verify-email?token=t%26u");
  });
});

// The login page's return path.
describe("loginPath with a return path, and safeReturnPath", () => {
  it("carries the path back, encoded", () => {
    expect(loginPath("he", "/he/restaurant/a b/claim")).toBe("/he/login?next=%2Fhe%2Frestaurant%2Fa%20b%2Fclaim");
  });

  it("takes only this site's own paths", () => {
    expect(safeReturnPath("/en/restaurant/x/claim")).toBe("/en/restaurant/x/claim");
    for (const bad of [
      null,
      undefined,
      "",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "evil",
      "/a\nb",
      "/a\\b",
      `/${"a".repeat(600)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeUndefined();
    }
  });

  it("never gives back a path a browser reads as another site (dot segments, encoded dots, slashes, backslashes, schemes)", () => {
    for (const tricky of TRICKY_RETURN_PATHS) {
      const out = safeReturnPath(tricky);
      if (out === undefined) continue;
      expect(isSitePath(out), JSON.stringify(tricky)).toBe(true);
    }
    expect(safeReturnPath("/.//evil.example")).toBeUndefined();
    expect(safeReturnPath("/%2e%2e//evil.example")).toBeUndefined();
    // Harmless dot segments still resolve to the page they name.
    expect(safeReturnPath("/en/./restaurant/../saved")).toBe("/en/saved");
  });

  it("whatever it is given, gives back nothing or a path of this site, the same when cleaned again", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2F",
      "%5C",
      "\\",
      "\t",
      "\n",
      "%09",
      ":",
      "@",
      "?",
      "#",
      "evil.example",
      "http:",
      "javascript:",
      "a",
    );
    const input = fc.oneof(
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
      fc.string(),
      fc.constantFrom(...TRICKY_RETURN_PATHS),
    );
    fc.assert(
      fc.property(input, (value) => {
        const out = safeReturnPath(value);
        if (out === undefined) return true;
        return isSitePath(out) && safeReturnPath(out) === out;
      }),
      { numRuns: 3000 },
    );
  });

  it("gives a path with letters of any language back percent-encoded, as a redirect's Location must be (a 500 the fuzz found)", () => {
    expect(safeReturnPath("/he/saved?q=גריל")).toBe("/he/saved?q=%D7%92%D7%A8%D7%99%D7%9C");
    expect(safeReturnPath("/\uA688")).toBe("/%EA%9A%88");
    // Already encoded stays as it was.
    expect(safeReturnPath("/he?q=%D7%92")).toBe("/he?q=%D7%92");
    expect(() => new Headers({ location: safeReturnPath("/\uA688 x")! })).not.toThrow();
  });
});

/** A path that starts with one slash (not "//" or "/\\") and stays on the site it is read on. */
function isSitePath(out: string): boolean {
  const site = "https://site.example";
  return out.startsWith("/") && !out.startsWith("//") && !out.startsWith("/\\") && new URL(out, site).origin === site;
}
