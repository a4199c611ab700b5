// Every message is used, and the Hebrew text of a message takes the same {placeholders} as the
// English one (the Hebrew catalogue having exactly the English keys is checked in
// lib/i18n/messages.test.ts). "Used" means the key appears as a whole string literal in the code
// under app/ or server/ (not in the catalogues, not in tests), or is one of the keys the code
// builds from a prefix and a value, listed in DYNAMIC below.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CHANGE_ACTIONS } from "../database/schema/restaurants";
import { ROLES } from "../database/roles";
import { LINK_FILTERS } from "./features/restaurants/filters";
import { en } from "./locales/en";
import { he } from "./locales/he";

/** Keys the code builds as `${prefix}${value}`: the prefix, the values it can take, and where. */
const DYNAMIC: { prefix: string; values: readonly string[]; reason: string }[] = [
  { prefix: "role.", values: ROLES, reason: "a user's role (header welcome line, account page, users table)" },
  { prefix: "filters.link.", values: LINK_FILTERS, reason: "the home page's link filters (FilterBar)" },
  { prefix: "history.", values: CHANGE_ACTIONS, reason: "a restaurant change's action (change history panel)" },
];

const root = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return relative === path.join("app", "locales") ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const code = ["app", "server"].flatMap(sourceFiles).map((file) => readFileSync(path.join(root, file), "utf8"));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const placeholders = (message: string) => [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

/** Keys not used by the given source texts (the test's own rule, also applied to a made-up key below). */
function unusedKeys(keys: string[], sources: string[]): string[] {
  return keys.filter((key) => {
    const dynamic = DYNAMIC.find(({ prefix, values }) => key.startsWith(prefix) && values.includes(key.slice(prefix.length)));
    if (dynamic) return false;
    const literal = new RegExp(`["'\`]${escape(key)}["'\`]`);
    return !sources.some((source) => literal.test(source));
  });
}

describe("message catalogue usage", () => {
  it("has no message the code never shows", () => {
    expect(unusedKeys(Object.keys(en), code)).toEqual([]);
  });

  it("lists every key the code builds from a prefix, and only prefixes the code still builds", () => {
    const built = new Set(code.flatMap((source) => [...source.matchAll(/`([a-z][\w.]*\.)\$\{/gi)].map((match) => match[1]!)));
    const keyPrefixes = [...built].filter((prefix) => Object.keys(en).some((key) => key.startsWith(prefix)));
    expect(keyPrefixes.sort()).toEqual(DYNAMIC.map(({ prefix }) => prefix).sort());
    for (const { prefix, values, reason } of DYNAMIC) {
      for (const value of values) expect(Object.keys(en), `${prefix}${value} (${reason})`).toContain(`${prefix}${value}`);
    }
  });

  it("tells a used key from an unused one, and a built key from a value the code cannot build", () => {
    expect(unusedKeys(["nav.home", "demo.neverShown", "role.admin", "role.visitor"], code)).toEqual(["demo.neverShown", "role.visitor"]);
    // The catalogues themselves and the tests do not count as use.
    expect(code.some((source) => source.includes('"nav.home": "Home"'))).toBe(false);
    expect(code.some((source) => source.includes("message catalogue usage"))).toBe(false);
  });
});

describe("message placeholders", () => {
  it("are the same in English and Hebrew for every key", () => {
    const mismatched = Object.entries(en)
      .filter(([key, english]) => placeholders(english).join() !== placeholders(he[key as keyof typeof he]).join())
      .map(([key, english]) => `${key}: en {${placeholders(english).join(", ")}} he {${placeholders(he[key as keyof typeof he]).join(", ")}}`);
    expect(mismatched).toEqual([]);
  });
});
