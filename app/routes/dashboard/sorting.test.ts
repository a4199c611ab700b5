import { describe, expect, it } from "vitest";
import { matchesDashboardSearch, nextSort, sortRows } from "./sorting";

const rows = [
  { name: { en: "Banana Bar", he: "בר בננה" }, address: "3 Allenby St", kashrut: "tzohar" },
  { name: { en: "apple cafe", he: "קפה תפוח" }, address: "1 Dizengoff St", kashrut: "rabanut" },
  { name: { en: "Cherry Grill" }, address: "2 Ben Yehuda St", kashrut: "mehadrin" },
];

describe("dashboard sort", () => {
  it("toggles the active column and starts another ascending", () => {
    expect(nextSort({ column: "name", direction: "asc" }, "name")).toEqual({ column: "name", direction: "desc" });
    expect(nextSort({ column: "name", direction: "desc" }, "name")).toEqual({ column: "name", direction: "asc" });
    expect(nextSort({ column: "name", direction: "desc" }, "address")).toEqual({ column: "address", direction: "asc" });
  });
  it("sorts by name (case-insensitively), address or kashrut in either direction", () => {
    expect(sortRows(rows, { column: "name", direction: "asc" }, "en").map((r) => r.name.en)).toEqual([
      "apple cafe",
      "Banana Bar",
      "Cherry Grill",
    ]);
    expect(sortRows(rows, { column: "address", direction: "desc" }, "en").map((r) => r.address)).toEqual([
      "3 Allenby St",
      "2 Ben Yehuda St",
      "1 Dizengoff St",
    ]);
    expect(sortRows(rows, { column: "kashrut", direction: "asc" }, "en").map((r) => r.kashrut)).toEqual([
      "mehadrin",
      "rabanut",
      "tzohar",
    ]);
  });
});

describe("dashboard search", () => {
  it("matches the name in the current language or the address, case-insensitively", () => {
    expect(rows.filter((r) => matchesDashboardSearch(r, "BANANA", "en"))).toHaveLength(1);
    expect(rows.filter((r) => matchesDashboardSearch(r, "בננה", "he"))).toHaveLength(1);
    expect(rows.filter((r) => matchesDashboardSearch(r, "בננה", "en"))).toHaveLength(0);
    expect(rows.filter((r) => matchesDashboardSearch(r, "dizengoff", "he"))).toHaveLength(1);
    expect(rows.filter((r) => matchesDashboardSearch(r, "Cherry", "he"))).toHaveLength(1);
  });
});
