// Two promises the written text keeps:
// - Code, tests and docs say what they do and why, not which tracker entry asked for it: a number such as
//   "issue 30" means nothing to a reader who has no tracker. Such a reference is a failure, listed by file and line.
// - Every relative link in the README and docs/ points at a file that exists (and, for a heading
//   in a Markdown file, at a heading that exists).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The tracked files under these paths (working-tree copies, so a new file counts once it is added). */
function tracked(...paths: string[]): string[] {
  return git("ls-files", "-z", "--", ...paths)
    .split("\0")
    .filter((file) => file && existsSync(path.join(root, file)));
}

/** A file's text, or undefined for a binary file (an image, a font): those hold no words. */
function textOf(file: string): string | undefined {
  const buffer = readFileSync(path.join(root, file));
  return buffer.includes(0) ? undefined : buffer.toString("utf8");
}

/**
 * Tracker-speak: "issue 30", "Issue #12", "issues 27 and 28", "PR #4", "wave 3". Zod's `error.issues` and
 * `issue.path`, and "issues" in prose without a number, are words, not references.
 */
const TRACKER = /\bissues?\s*#?\d+|\b(?:PR|pull request)\s*#\d+|\bwave\s+\d+\b/i;

/**
 * The decision records written so far are dated documents whose text is never rewritten (their index and
 * decisions.test.ts say so): they keep the words of their day. Records from 026 on are checked like any file.
 */
const DATED_RECORD = /^docs\/decisions\/0(?:0\d|1\d|2[0-5])-[^/]+\.md$/;

/** This file, whose examples of what is refused are the refused words themselves. */
const SELF = "docs/plain-words.test.ts";

/** A reference broken over two lines of a comment: "… (issue" then "// 14) …". */
const TRACKER_BROKEN = { end: /\bissues?\s*$/i, start: /^\s*(?:\/\/+|\*|#|--)?\s*#?\d+\b/ };

/** Each line of `text` that names a tracker entry (alone or with the next line), as `file:line: text`. */
function hits(file: string, text: string): string[] {
  const lines = text.split("\n");
  return lines.flatMap((line, i) =>
    TRACKER.test(line) || (TRACKER_BROKEN.end.test(line) && TRACKER_BROKEN.start.test(lines[i + 1] ?? ""))
      ? [`${file}:${i + 1}: ${line.trim()}`]
      : [],
  );
}

describe("plain words", () => {
  it("name no tracker entry (say what the code does and why, or link the decision record)", () => {
    const files = tracked(
      "app",
      "server",
      "database",
      "scripts",
      "bench",
      "tests",
      "docs",
      "drizzle",
      ".ci",
      "README.md",
      // The tools' configuration at the root (eslint.config.js, vite.config.ts, Dockerfile…).
      ":(glob)*",
    ).filter((file) => file !== SELF && !DATED_RECORD.test(file));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = textOf(file);
      return text === undefined ? [] : hits(file, text);
    });
    expect(
      found,
      `these lines name a tracker entry; say what the code does and why instead:\n${found.join("\n")}`,
    ).toEqual([]);
  });

  it("finds the references it is meant to find, and not zod's issues", () => {
    for (const line of [
      "// Issue 30: the saved places",
      "(issue 29)",
      "issues 27 and 28",
      "see issue #12",
      "PR #4",
      "wave 3",
    ]) {
      expect(TRACKER.test(line), line).toBe(true);
    }
    expect(hits("f.ts", "// a problem report, issue\n// 14, and more")).toEqual(["f.ts:1: // a problem report, issue"]);
    expect(hits("f.ts", "// zod's issues\nconst limit = 2;")).toEqual([]);
    for (const line of [
      "error.issues[0]?.message",
      "for (const issue of result.error.issues) issue.path",
      "known issues in prose",
      "React error #418",
    ]) {
      expect(TRACKER.test(line), line).toBe(false);
    }
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The targets of `[text](target)` links outside code blocks and code spans. */
function linksOf(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  markdown.split("\n").forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const match of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
      links.push({ line: i + 1, target: match[1]! });
  });
  return links;
}

describe("links between the docs", () => {
  it("point at files and headings that exist", () => {
    const pages = tracked("README.md", "docs").filter((file) => file.endsWith(".md"));
    expect(pages).toContain("README.md");
    const broken: string[] = [];
    for (const page of pages) {
      for (const { line, target } of linksOf(readFileSync(path.join(root, page), "utf8"))) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto: — not a file of this repository
        const [file = "", anchor] = target.split("#");
        const resolved = file ? path.join(root, path.dirname(page), decodeURIComponent(file)) : path.join(root, page);
        if (!existsSync(resolved)) {
          broken.push(`${page}:${line}: ${target} (no such file)`);
          continue;
        }
        if (
          anchor &&
          resolved.endsWith(".md") &&
          statSync(resolved).isFile() &&
          !anchorsOf(readFileSync(resolved, "utf8")).has(anchor)
        ) {
          broken.push(`${page}:${line}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken, `broken links:\n${broken.join("\n")}`).toEqual([]);
  });
});
