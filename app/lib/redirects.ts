// Where the spec's redirecting paths go: /restaurant/{slug} to the English restaurant route;
// Hebrew blog paths and English legal paths to their unprefixed routes.
import { stripLanguagePrefix } from "./i18n/language";

export function redirectTarget(pathname: string): string {
  if (pathname.startsWith("/restaurant/")) return `/en${pathname}`;
  return stripLanguagePrefix(pathname);
}
