// The site's name in each language, for `brandName`: a plain constant, so the name never depends on
// which catalogues a runtime has loaded yet. The catalogues' "brand.name" spell it out rather than
// import it (an import made it a chunk of its own, one request more on every first visit);
// app/lib/i18n/messages.test.ts holds the two to the same words.
export const BRAND_NAME = { en: "Kosher Tel Aviv", he: "כשר תל אביב" } as const;
