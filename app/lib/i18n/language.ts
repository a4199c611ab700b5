// Language comes from the path (spec section 1): a path starting with /he is Hebrew, otherwise
// English. Pure functions, shared by server and client.

export const LANGUAGES = ["en", "he"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** A text stored in both languages; the Hebrew part may be missing. */
export interface Bilingual {
  en: string;
  he?: string;
}

function hasPrefix(pathname: string, code: Language): boolean {
  return pathname === `/${code}` || pathname.startsWith(`/${code}/`);
}

export function detectLanguage(pathname: string): Language {
  return hasPrefix(pathname, "he") ? "he" : "en";
}

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "he" ? "rtl" : "ltr";
}

/** The path without a leading /en or /he segment; always starts with "/". */
export function stripLanguagePrefix(pathname: string): string {
  for (const code of LANGUAGES) {
    if (hasPrefix(pathname, code)) return pathname.slice(code.length + 1) || "/";
  }
  return pathname || "/";
}

/**
 * The same page in another language. English pages are unprefixed except restaurant pages,
 * whose English route is /en/restaurant/{slug} (spec route table); Hebrew pages are prefixed
 * with /he, and the Hebrew home is /he.
 */
export function switchLanguagePath(pathname: string, to: Language): string {
  const rest = stripLanguagePrefix(pathname);
  if (to === "he") return rest === "/" ? "/he" : `/he${rest}`;
  return rest.startsWith("/restaurant/") ? `/en${rest}` : rest;
}

/** A path inside the site for the given language: `localizePath("/login", "he")` is /he/login. */
export function localizePath(path: string, language: Language): string {
  return switchLanguagePath(path, language);
}

/** The value in the page language: Hebrew when present (non-blank), else English. */
export function localized(value: Bilingual, language: Language): string {
  if (language === "he" && value.he !== undefined && value.he.trim() !== "") return value.he;
  return value.en;
}

/**
 * The value in the page language, and the language it is really in: a Hebrew page without the
 * Hebrew shows the English, which the page then marks (`lang`) and isolates (dir="auto").
 */
export function localizedWithLanguage(value: Bilingual, language: Language): { text: string; lang: Language } {
  const text = localized(value, language);
  return { text, lang: language === "he" && text !== value.he ? "en" : language };
}
