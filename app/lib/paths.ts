// Every page path of the site (the route table in app/routes.ts), built in one place: links,
// redirects, canonical URLs, the sitemap and e-mail links use these instead of hand-built strings.
// Pure and browser-safe. English pages are unprefixed except restaurant pages (/en/restaurant/…);
// Hebrew pages are under /he (localizePath). Slugs and ids are percent-encoded as one segment.
import { localizePath, type Language } from "./i18n/language";

const segment = (value: string): string => encodeURIComponent(value);

/** The same page's path in both languages, e.g. for hreflang alternates. */
export function inBothLanguages(pathFor: (language: Language) => string): Record<Language, string> {
  return { en: pathFor("en"), he: pathFor("he") };
}

export const homePath = (language: Language): string => localizePath("/", language);

export const restaurantPath = (slug: string, language: Language): string => localizePath(`/restaurant/${segment(slug)}`, language);

/** The report-a-problem form's own page (where the form posts, with or without JavaScript). */
export const reportPath = (slug: string, language: Language): string => `${restaurantPath(slug, language)}/report`;
/** Where the report form fetches its proof-of-work challenge. */
export const reportChallengePath = (): string => "/api/report-challenge";

// Accounts
export const loginPath = (language: Language): string => localizePath("/login", language);
export const twoFactorLoginPath = (language: Language): string => localizePath("/login/two-factor", language);
export const signupPath = (language: Language): string => localizePath("/signup", language);
export const forgotPasswordPath = (language: Language): string => localizePath("/forgot-password", language);
export const resetPasswordPath = (language: Language, token?: string): string =>
  localizePath("/reset-password", language) + (token === undefined ? "" : `?token=${encodeURIComponent(token)}`);
export const verifyEmailPath = (language: Language, token?: string): string =>
  localizePath("/verify-email", language) + (token === undefined ? "" : `?token=${encodeURIComponent(token)}`);
/** The account page; `section` is the id of a part of it (the two-factor settings). */
export const accountPath = (language: Language, section?: "two-factor"): string => localizePath("/account", language) + (section ? `#${section}` : "");
/** Where the log-out form posts (one path for both languages; the form says which). */
export const logoutPath = (): string => "/logout";

// Dashboard
export const dashboardPath = (language: Language): string => localizePath("/dashboard", language);
export const dashboardAddPath = (language: Language): string => localizePath("/dashboard/add", language);
export const dashboardEditPath = (id: string, language: Language): string => localizePath(`/dashboard/edit/${segment(id)}`, language);
/** A restaurant's structured opening hours editor (issue 15). */
export const dashboardHoursPath = (id: string, language: Language): string => localizePath(`/dashboard/edit/${segment(id)}/hours`, language);
export const dashboardUsersPath = (language: Language): string => localizePath("/dashboard/users", language);
export const dashboardReportsPath = (language: Language): string => localizePath("/dashboard/reports", language);

// Blog: English pages only (the /he/blog… paths redirect to them), except that the header's
// Blogs link follows the page language as the spec says (/blogs or /he/blogs).
export const blogsPath = (language: Language = "en"): string => localizePath("/blogs", language);
export const blogPath = (post: { id: string; slug?: string | null }): string => (post.slug ? `/blog/s/${segment(post.slug)}` : `/blog/${segment(post.id)}`);
export const blogAddPath = (): string => "/dashboard/blog/add";
export const blogEditPath = (id: string): string => `/dashboard/blog/edit/${segment(id)}`;

// Site pages
export const accessibilityPath = (language: Language): string => localizePath("/accessibility", language);
export const privacyPolicyPath = (language: Language): string => localizePath("/privacy-policy", language);
export const sitemapPath = (language: Language): string => localizePath("/sitemap", language);
/** One of the crawlers' files of a large directory (`pages`, `restaurants-1`, …), listed by /sitemap.xml. */
export const sitemapFilePath = (name: string): string => `/sitemaps/${name}.xml`;
