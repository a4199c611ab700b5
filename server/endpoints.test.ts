import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "./endpoints";

const position = (name: string) => {
  const index = ENDPOINTS.findIndex((endpoint) => endpoint.name === name);
  expect(index, `"${name}" is in the list`).toBeGreaterThanOrEqual(0);
  return index;
};

describe("the app's endpoints, in their order", () => {
  it("are named once each", () => {
    const names = ENDPOINTS.map((endpoint) => endpoint.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keep the order the answers depend on", () => {
    // Every answer carries the security headers; errors are caught after everything else.
    expect(position("security headers")).toBe(0);
    expect(position("errors")).toBe(ENDPOINTS.length - 1);
    expect(position("pages")).toBe(ENDPOINTS.length - 2);
    // Cached pages are answered before compression; health and metrics answer while the database is down.
    expect(position("cached pages")).toBeLessThan(position("compression"));
    expect(position("health check")).toBeLessThan(position("database down"));
    expect(position("metrics")).toBeLessThan(position("database down"));
    // A missing file is a plain 404 before anything reads the session.
    expect(position("missing files")).toBeLessThan(position("database down"));
    // Writes are checked for their source, and pages' forms for their size, before any handler takes them.
    for (const handler of ["listing taps", "search missed beacon", "uploads", "pages"]) {
      expect(position("cross-site writes")).toBeLessThan(position(handler));
    }
    expect(position("form size limit")).toBeLessThan(position("pages"));
    // The page cache keeps the open data feeds and the pages, nothing above them.
    expect(position("page capture")).toBeLessThan(position("open data"));
    expect(position("page capture")).toBeGreaterThan(position("uploads"));
  });
});
