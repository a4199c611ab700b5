// Dashboard list: search and sort (spec sections 4 and 5).
import type { Language } from "../../lib/i18n/language";
import { localized, type Bilingual } from "../../lib/i18n/language";

export type SortColumn = "name" | "address" | "kashrut";
export interface SortState {
  column: SortColumn;
  direction: "asc" | "desc";
}

/** Clicking the active column toggles its direction; another column starts ascending. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { column, direction: "asc" };
}

export interface ManagedRow {
  name: Bilingual;
  address: string;
  kashrut: string;
}

/** Name in the current language or address, case-insensitively. */
export function matchesDashboardSearch(row: ManagedRow, term: string, language: Language): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (needle === "") return true;
  return (
    localized(row.name, language).toLocaleLowerCase().includes(needle) ||
    row.address.toLocaleLowerCase().includes(needle)
  );
}

export function sortRows<T extends ManagedRow>(rows: readonly T[], sort: SortState, language: Language): T[] {
  const key = (row: T) =>
    sort.column === "name" ? localized(row.name, language) : sort.column === "address" ? row.address : row.kashrut;
  const collator = new Intl.Collator(language === "he" ? "he" : "en", { sensitivity: "base", numeric: true });
  const sorted = [...rows].sort((a, b) => collator.compare(key(a), key(b)));
  return sort.direction === "asc" ? sorted : sorted.reverse();
}
