// Reading a path as React Router reads it, and finding the first pattern of a table it fits: shared
// by the server's route facts (app/route-facts.ts) and the browser's message loader
// (app/page-messages.ts), so both read `/Reset-Password`, `/reset%2Dpassword` and
// `//he/reset-password.data` as the reset page. Each keeps its own table.

/** A path's segments without the language prefix and React Router's `.data` suffix. */
export interface ReadPath {
  segments: string[];
  /** It began with /he or /en. */
  prefixed: boolean;
  /** It could not be decoded, so it is read as written. */
  unreadable: boolean;
}

/**
 * A path read as the router reads it: decoded, lower-cased, repeated slashes as one, without the
 * `.data` suffix and the language prefix (`/he/_.data` is the Hebrew home page).
 */
export function readPath(path: string): ReadPath {
  let decoded = path;
  let unreadable = false;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    unreadable = true;
  }
  const segments = decoded
    .toLowerCase()
    // A path ending in a slash asks for its data as `…/_.data` (React Router's trailing-slash-aware
    // data requests); the home page, without that setting, as `/_root.data`.
    .replace(/\/_\.data$/, "/")
    .replace(/^(\/(?:he|en))?\/_root\.data$/, "$1/")
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean);
  const prefixed = segments[0] === "he" || segments[0] === "en";
  if (prefixed) segments.shift();
  return { segments, prefixed, unreadable };
}

/** Whether a path's segments fit a pattern; a splat (`/*`, always last) also matches its bare folder. */
function fits(pattern: string, segments: string[]): boolean {
  const route = pattern.split("/").filter(Boolean);
  return (
    route.every((part, i) => part === "*" || part === segments[i] || (part[0] === ":" && segments[i] !== undefined)) &&
    (route.at(-1) === "*" || route.length === segments.length)
  );
}

/** The first of a table's patterns the segments fit, with its value; a pattern comes before any broader one. */
export const firstFit = <T>(table: Record<string, T>, segments: string[]): [string, T] | undefined =>
  Object.entries(table).find(([pattern]) => fits(pattern, segments));
