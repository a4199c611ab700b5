// The decision records keep their promises: a date and a status on each, superseded decisions
// pointing at what replaced them, an index that lists them all, and ADR 008's figures the code's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESULTS_PAGE } from "../../app/features/restaurants/search/filters";
import { CLIENT_FILTER_LIMIT } from "../../app/features/restaurants/search/search-index";

const dir = path.dirname(new URL(import.meta.url).pathname);
const records = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((name) => ({ name, number: name.slice(0, 3), text: readFileSync(path.join(dir, name), "utf8") }));
const STATUS = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (Proposed|Accepted|Superseded by (\d{3}))\b/m;

describe("architecture decision records", () => {
  it("are numbered without gaps or repeats", () => {
    expect(records.map((record) => Number(record.number))).toEqual(records.map((_, i) => i + 1));
  });

  it.each(records)("$name has a title, a date and a status", ({ number, text }) => {
    const [title, blank, status] = text.split("\n");
    expect(title).toMatch(new RegExp(`^# ${number} — \\S`));
    expect(blank).toBe("");
    expect(status).toMatch(STATUS);
    const date = STATUS.exec(status ?? "")![1]!;
    expect(Number.isNaN(Date.parse(date))).toBe(false);
    for (const update of text.matchAll(/^## Update (\S+)/gm)) {
      expect(update[1]! >= date, `update ${update[1]} is older than the decision`).toBe(true);
    }
  });

  it.each(records)("$name, if superseded, names a later decision that says so", ({ number, text }) => {
    const successor = STATUS.exec(text)?.[3];
    if (!successor) return;
    expect(Number(successor)).toBeGreaterThan(Number(number));
    const next = records.find((record) => record.number === successor);
    expect(next, `ADR ${successor} exists`).toBeDefined();
    expect(next!.text).toContain(`Supersedes ${number}`);
  });

  it("are all listed in the index", () => {
    const index = readFileSync(path.join(dir, "README.md"), "utf8");
    for (const { name, number } of records) expect(index).toContain(`[${number}](${name})`);
  });

  it("ADR 008 quotes the code's page size and search-index limit", () => {
    const text = records.find((record) => record.number === "008")!.text;
    expect(text).toContain(`\`RESULTS_PAGE\`, ${RESULTS_PAGE}`);
    expect(text).toContain(`Past ${CLIENT_FILTER_LIMIT.toLocaleString("en")} restaurants (\`CLIENT_FILTER_LIMIT\`)`);
  });
});
