// Counts shown to people, written without ICU: a browser loads ICU's locale data the first time a page
// makes a number format, which costs tens of milliseconds inside hydration. English and Hebrew group a
// whole number's digits alike ("12,345"); a test checks this against ICU in both languages.

/**
 * A count of things (a whole number of at least 0), its digits grouped in threes: 1234 -> "1,234", in
 * English and in Hebrew. Only counts: it is on the home page's first visit, where every byte counts.
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
}
