// Counts shown to people, written without ICU: a browser loads ICU's locale data the first time a page
// makes a number format, which costs tens of milliseconds inside hydration. English and Hebrew group a
// whole number's digits alike ("12,345"); a test checks this against ICU in both languages.

/** A count of things, its digits grouped in threes: 1234 -> "1,234", in English and in Hebrew. */
export function formatCount(value: number): string {
  // A count is a whole number of at least 0; anything else is a caller's mistake.
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a count: ${String(value)}`);
  return String(value).replace(/\B(?=(\d{3})+$)/g, ",");
}
