// The decision records keep their promises: a date and a status on each, superseded decisions
// pointing at what replaced them, an index that lists them all, ADR 008's figures the code's, and
// a decision's text, once committed, changed only by dated updates at the end.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { RESULTS_PAGE } from "../../app/features/restaurants/search/filters";
import { CLIENT_FILTER_LIMIT } from "../../app/features/restaurants/search/search-index";

const dir = path.dirname(new URL(import.meta.url).pathname);
const records = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((name) => ({ name, number: name.slice(0, 3), text: readFileSync(path.join(dir, name), "utf8") }));
const STATUS = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (Proposed|Accepted|Superseded by (\d{3}))\b/m;

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The full history is needed to find a record's first text; a shallow clone would make every record look new. */
function requireFullHistory() {
  let shallow: string;
  try {
    shallow = git("rev-parse", "--is-shallow-repository").trim();
  } catch (error) {
    throw new Error(`The decision records' history check needs git and this repository's history: ${String(error)}`);
  }
  if (shallow !== "false") {
    throw new Error(
      "The decision records' history check needs the full git history, but this clone is shallow. " +
        "Run `git fetch --unshallow` (or check out with fetch-depth: 0) and run the tests again.",
    );
  }
}

/** The record's text as first committed (following renames), or undefined while it is not committed yet. */
function firstCommittedText(name: string): string | undefined {
  const file = path.join(dir, name);
  // One "<hash>\n\n<path at that commit>" block per commit that added it; the oldest is last.
  const blocks = git("log", "--follow", "--diff-filter=A", "--format=%H", "--name-only", "--", file).trim();
  if (!blocks) return undefined;
  const [hash, , oldPath] = blocks.split("\n").slice(-3);
  return git("show", `${hash}:${oldPath}`);
}

/**
 * What must never change: the text above the first `## Update`, without the status line (a status
 * moves on: Superseded by, Amended by). Both texts go through the tree's Prettier first — records
 * committed before the tree was formatted (35e1789) were plain Markdown — and whitespace is
 * collapsed within each paragraph and list item, so formatting and re-wrapping lines are not changes; a changed
 * word is.
 */
async function decisionText(text: string, name: string): Promise<string[]> {
  const filepath = path.join(dir, name);
  const formatted = await format(text, { ...(await resolveConfig(filepath)), filepath });
  const firstUpdate = /^## Update\b/m.exec(formatted);
  const decision = firstUpdate ? formatted.slice(0, firstUpdate.index) : formatted;
  const body = decision.search(/^## /m);
  const head = body < 0 ? decision : decision.slice(0, body);
  const rest = body < 0 ? "" : decision.slice(body);
  const withoutStatus = head.replace(/^(Date|Status):.*$/gm, "") + rest;
  // Paragraph by paragraph and list item by list item, so that a failure shows the one that changed.
  return withoutStatus
    .split(/\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)])\s)/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

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

  it.each(records)(
    "$name keeps its text as first committed above its first update",
    async ({ name, text }) => {
      requireFullHistory();
      const first = firstCommittedText(name);
      if (first === undefined) return; // new, not committed yet: nothing to compare with
      expect(
        await decisionText(text, name),
        "a decision's text is never rewritten: restore it, and say what changed and why in a `## Update YYYY-MM-DD` section at the end",
      ).toEqual(await decisionText(first, name));
    },
    20_000,
  );

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
