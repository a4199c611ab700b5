// Every page path of the site (the route table in app/routes.ts), built in one place: links,
// redirects, canonical URLs, the sitemap and e-mail links use these instead of hand-built strings.
// Pure and browser-safe. English pages are unprefixed except restaurant pages (/en/restaurant/…);
// Hebrew pages are under /he (localizePath). Slugs and ids are percent-encoded as one segment.
import { localizePath, type Language } from "./i18n/language";

export const segment = (value: string): string => encodeURIComponent(value);

/** The same page's path in both languages, e.g. for hreflang alternates. */
export function inBothLanguages(pathFor: (language: Language) => string): Record<Language, string> {
  return { en: pathFor("en"), he: pathFor("he") };
}

export const homePath = (language: Language): string => localizePath("/", language);

export const restaurantPath = (slug: string, language: Language): string =>
  localizePath(`/restaurant/${segment(slug)}`, language);

/** The report-a-problem form's own page (where the form posts, with or without JavaScript). */
export const reportPath = (slug: string, language: Language): string => `${restaurantPath(slug, language)}/report`;
/** "Suggest a restaurant": anyone may propose a listing; nothing is public until approved. */
export const suggestPath = (language: Language): string => localizePath("/suggest", language);
/** A diner's saved places: on the device, or in the account once signed in. Its form (Save) posts here too. */
export const savedPath = (language: Language): string => localizePath("/saved", language);
/** Where the public forms (reports, suggestions) fetch their proof-of-work challenge. */
export const reportChallengePath = (): string => "/api/report-challenge";

// Accounts
/** The login page; `returnTo` (a path of this site) is where a successful sign-in goes back to. */
export const loginPath = (language: Language, returnTo?: string): string =>
  localizePath("/login", language) + (returnTo === undefined ? "" : `?next=${encodeURIComponent(returnTo)}`);
/** The second sign-in step; `returnTo` is the login page's way back, kept through it. */
export const twoFactorLoginPath = (language: Language, returnTo?: string): string =>
  localizePath("/login/two-factor", language) + (returnTo === undefined ? "" : `?next=${encodeURIComponent(returnTo)}`);
/** The sign-up page; `returnTo` (a path of this site) is kept through sign-up, the e-mail's link and log-in. */
export const signupPath = (language: Language, returnTo?: string): string =>
  localizePath("/signup", language) + (returnTo === undefined ? "" : `?next=${encodeURIComponent(returnTo)}`);
export const forgotPasswordPath = (language: Language): string => localizePath("/forgot-password", language);
export const resetPasswordPath = (language: Language, token?: string): string =>
  localizePath("/reset-password", language) + (token === undefined ? "" : `?token=${encodeURIComponent(token)}`);
/** The e-mail verification page (the link of the e-mail sent at sign-up); `returnTo` is where its "Continue" leads. */
export const verifyEmailPath = (language: Language, token?: string, returnTo?: string): string => {
  const query = new URLSearchParams();
  if (token !== undefined) query.set("token", token);
  if (returnTo !== undefined) query.set("next", returnTo);
  const search = query.toString().replaceAll("+", "%20");
  return localizePath("/verify-email", language) + (search ? `?${search}` : "");
};
/** The account page; `section` is the id of a part of it (the two-factor settings). */
export const accountPath = (language: Language, section?: "two-factor"): string =>
  localizePath("/account", language) + (section ? `#${section}` : "");
/** Where the log-out form posts (one path for both languages; the form says which). */
export const logoutPath = (): string => "/logout";

// Dashboard
export const dashboardPath = (language: Language): string => localizePath("/dashboard", language);

// Blog: English pages only (the /he/blog… paths redirect to them), except that the header's
// Blogs link follows the page language as the spec says (/blogs or /he/blogs).
export const blogsPath = (language: Language = "en"): string => localizePath("/blogs", language);
export const blogPath = (post: { id: string; slug?: string | null }): string =>
  post.slug ? `/blog/s/${segment(post.slug)}` : `/blog/${segment(post.id)}`;
export const blogAddPath = (): string => "/dashboard/blog/add";
export const blogEditPath = (id: string): string => `/dashboard/blog/edit/${segment(id)}`;

// Site pages
export const accessibilityPath = (language: Language): string => localizePath("/accessibility", language);
export const privacyPolicyPath = (language: Language): string => localizePath("/privacy-policy", language);
/** What reviews are held for and why, and how they are moderated. */
export const reviewPolicyPath = (language: Language): string => localizePath("/review-policy", language);
export const sitemapPath = (language: Language): string => localizePath("/sitemap", language);
/** One of the crawlers' files of a large directory (`pages`, `restaurants-1`, …), listed by /sitemap.xml. */
export const sitemapFilePath = (name: string): string => `/sitemaps/${name}.xml`;

// Claims
/** "Is this your restaurant?": the claim page of a listing (private: about the viewer). */
export const claimPath = (slug: string, language: Language): string => `${restaurantPath(slug, language)}/claim`;
/** The admins' claims queue. */
export const dashboardClaimsPath = (language: Language): string => localizePath("/dashboard/claims", language);
const RETURN_BASE = "http://return.invalid";

/**
 * A return path from a query (the login page's `next`, a Save button's page), if it is one of this
 * site's own paths: it starts with one slash (never `//host` or `/\host`, which browsers read as
 * another site) and holds no control characters. Anything else is ignored. It comes back as a
 * redirect's `Location` can carry it: letters of any language percent-encoded (a raw "/מסעדה"
 * is not a valid header value, and made the redirect fail with a 500).
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 500 || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return undefined;
  // eslint-disable-next-line no-control-regex -- a control character never belongs in a path we send back to
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return undefined;
  const url = new URL(value, RETURN_BASE);
  if (url.origin !== RETURN_BASE) return undefined;
  // The parser resolves dot segments, so "/.//host" or "/%2e%2e//host" comes out as "//host":
  // what it gives back is checked again, as a browser would read it.
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith("//") || path.startsWith("/\\") || new URL(path, RETURN_BASE).origin !== RETURN_BASE)
    return undefined;
  return path;
}
