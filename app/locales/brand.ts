// The site's name in each language, written once: both catalogues' "brand.name" and `brandName`
// read it here. A plain constant, so the name never depends on which catalogues a runtime has
// loaded yet (a module that reads it while it is first evaluated gets it too).
export const BRAND_NAME = { en: "Kosher Tel Aviv", he: "כשר תל אביב" } as const;
