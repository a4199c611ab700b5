// The browser's filtering engine: the search index's decoder and the filters' rules (matching.ts,
// search.ts). The home page imports it only with the index, after the first paint
// (use-search-index.ts), so a first visit does not carry it; until then filters ask the server.
export { applyFilters, prepareForSearch } from "./matching";
export { decodeIndex, searchIndexPath } from "./search-index";
