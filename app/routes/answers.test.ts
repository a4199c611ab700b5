// Routes do not word their own refusals (ADR 010, ADR 021): a 400, 403 or 404 comes from an AppError
// answered by actionError or loaderError, or from the permission guards — never a status written in
// a route. (The catch-all not-found page is the one route whose page is the 404 itself.)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.dirname(new URL(import.meta.url).pathname);
const routeFiles = readdirSync(dir, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .sort();
const HAND_WRITTEN = /status:\s*4\d\d\b/g;
const OWN_STATUS = new Set(["not-found.tsx"]);

describe("route answers", () => {
  it("finds the route modules", () => {
    expect(routeFiles).toContain("blog-editor.tsx");
    expect(routeFiles).toContain(path.join("dashboard", "users.tsx"));
  });

  it("no route writes a 4xx status itself", () => {
    const found = routeFiles
      .filter((name) => !OWN_STATUS.has(name))
      .flatMap((name) => {
        const text = readFileSync(path.join(dir, name), "utf8");
        return [...text.matchAll(HAND_WRITTEN)].map(
          (match) => `${name}:${text.slice(0, match.index).split("\n").length}: ${match[0]}`,
        );
      });
    expect(found).toEqual([]);
  });
});
