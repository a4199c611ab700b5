// Every message is used, and the Hebrew text of a message takes the same {placeholders} as the
// English one (the Hebrew catalogue having exactly the English keys is checked in
// lib/i18n/messages.test.ts). "Used" means the key appears as a whole string literal in the code
// under app/ or server/ (not in the catalogues, not in tests), or is one of the keys the code
// builds from a prefix and a value, listed in DYNAMIC below.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CHANGE_ACTIONS } from "../database/schema/restaurants";
import { ROLES } from "../database/roles";
import { REPORT_REASONS, REPORT_STATUSES } from "../database/reports";
import { LANGUAGES } from "./lib/i18n/language";
import { FACT_FILTERS, LINK_FILTERS } from "./features/restaurants/search/filters";
import { PRICE_LEVELS, WHEELCHAIR_ACCESS } from "../database/practical";
import {
  CERTIFICATE_BODIES,
  CERTIFICATE_LEVELS,
  CLAIM_STATUSES,
  PESACH_STATUSES,
  SUGGESTION_STATUSES,
} from "../database/lifecycle";
import { ENTRY_OUTCOMES, KOSHER_KINDS, MATCH_GRADES, REGISTER_LISTS, SNAPSHOT_STATUSES } from "../database/register";
import { areasOf, laterAreasOf, type Area } from "./page-messages";
import { en } from "./locales/en";
import { enAccount } from "./locales/en/account";
import { enContribute } from "./locales/en/contribute";
import { enReview } from "./locales/en/review";
import { enBlog } from "./locales/en/blog";
import { heBlog } from "./locales/he/blog";
import { enRestaurant } from "./locales/en/restaurant";
import { enManage } from "./locales/en/manage";
import { enSite } from "./locales/en/site";
import { enDirectory } from "./locales/en/directory";
import { enSaved } from "./locales/en/saved";
import { heSaved } from "./locales/he/saved";
import { heDirectory } from "./locales/he/directory";
import { he } from "./locales/he";
import { heAccount } from "./locales/he/account";
import { heContribute } from "./locales/he/contribute";
import { heRestaurant } from "./locales/he/restaurant";
import { heManage } from "./locales/he/manage";
import { heSite } from "./locales/he/site";
import { enWritten } from "./locales/en/written";
import { heWritten } from "./locales/he/written";
import routes from "./routes";

/** Keys the code builds as `${prefix}${value}`: the prefix, the values it can take, and where. */
const DYNAMIC: { prefix: string; values: readonly string[]; reason: string }[] = [
  // The register's pages: a snapshot's list and status, an entry's grade, outcome, level and kind, a flagged listing's decision.
  { prefix: "register.list.", values: REGISTER_LISTS, reason: "a register snapshot's list (import page)" },
  { prefix: "register.status.", values: SNAPSHOT_STATUSES, reason: "a register snapshot's status (import, review)" },
  { prefix: "register.grade.", values: MATCH_GRADES, reason: "a register entry's grade (review page's tabs)" },
  { prefix: "register.outcome.", values: ENTRY_OUTCOMES, reason: "what became of a register entry (review page)" },
  { prefix: "register.level.", values: CERTIFICATE_LEVELS, reason: "a register entry's level (review page)" },
  { prefix: "register.kind.", values: KOSHER_KINDS, reason: "a register entry's meat/dairy/parve (review page)" },
  { prefix: "register.decision.", values: ["kept", "ended"], reason: "a flagged listing's decision (review page)" },
  { prefix: "role.", values: ROLES, reason: "a user's role (header welcome line, account page, users table)" },
  { prefix: "filters.link.", values: LINK_FILTERS, reason: "the home page's link filters (FilterBar)" },
  { prefix: "history.", values: CHANGE_ACTIONS, reason: "a restaurant change's action (change history panel)" },
  {
    prefix: "report.reason.",
    values: REPORT_REASONS,
    reason: "a problem report's reason (report form, queue, notice e-mail)",
  },
  {
    prefix: "reports.status.",
    values: [...REPORT_STATUSES, "all"],
    reason: "a report's status (queue filter and cards)",
  },
  // The certificate's status line (rabbinate "k" or other supervision "s", and its state), its body and level.
  {
    prefix: "cert.",
    values: ["k", "s"].flatMap((who) => ["valid", "renewalPending", "expired"].map((state) => `${who}.${state}`)),
    reason: "a certificate's status line (wording.ts: cards, restaurant page, certificates list)",
  },
  {
    prefix: "certificate.body.",
    values: CERTIFICATE_BODIES,
    reason: "who supervises, as a sentence (the restaurant page's certificate and Pesach sections, alerts)",
  },
  {
    prefix: "editor.body.",
    values: CERTIFICATE_BODIES,
    reason: "a supervising body by name (the forms' choices, the certificates and kashrut lists)",
  },
  { prefix: "certificate.level.", values: CERTIFICATE_LEVELS, reason: "a certificate's level (restaurant page, form)" },
  {
    prefix: "pesach.status.",
    values: PESACH_STATUSES,
    reason: "a restaurant's Pesach status (the restaurant page's Pesach section)",
  },
  {
    prefix: "claims.status.",
    values: [...CLAIM_STATUSES, "all"],
    reason: "a claim's status (claims queue filter and cards)",
  },
  {
    prefix: "suggestions.status.",
    values: SUGGESTION_STATUSES,
    reason: "a suggestion's status (the suggestions queue's cards)",
  },
  { prefix: "suggestions.view.", values: ["open", "decided"], reason: "the suggestions queue's filter" },
  {
    prefix: "suggestions.language.",
    values: LANGUAGES,
    reason: "the language a suggestion was written in (queue cards)",
  },
  // The practical facts (the home page's filters and the restaurant page's line; the form's choices).
  {
    prefix: "facts.",
    values: FACT_FILTERS,
    reason: "a practical fact (FilterBar, PracticalLine, the form's services)",
  },
  {
    prefix: "practical.price.",
    values: PRICE_LEVELS.map(String),
    reason: "a price level's choice (the restaurant form)",
  },
  {
    prefix: "practical.wheelchair.",
    values: WHEELCHAIR_ACCESS,
    reason: "a wheelchair access choice (the restaurant form)",
  },
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
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

/** Keys not used by the given source texts (the test's own rule, also applied to a made-up key below). */
function unusedKeys(keys: string[], sources: string[]): string[] {
  return keys.filter((key) => {
    const dynamic = DYNAMIC.find(
      ({ prefix, values }) => key.startsWith(prefix) && values.includes(key.slice(prefix.length)),
    );
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
    const built = new Set(
      code.flatMap((source) => [...source.matchAll(/`([a-z][\w.]*\.)\$\{/gi)].map((match) => match[1]!)),
    );
    const keyPrefixes = [...built].filter((prefix) => Object.keys(en).some((key) => key.startsWith(prefix)));
    expect(keyPrefixes.sort()).toEqual(DYNAMIC.map(({ prefix }) => prefix).sort());
    for (const { prefix, values, reason } of DYNAMIC) {
      for (const value of values)
        expect(Object.keys(en), `${prefix}${value} (${reason})`).toContain(`${prefix}${value}`);
    }
  });

  it("tells a used key from an unused one, and a built key from a value the code cannot build", () => {
    expect(unusedKeys(["nav.home", "demo.neverShown", "role.admin", "role.visitor"], code)).toEqual([
      "demo.neverShown",
      "role.visitor",
    ]);
    // The catalogues themselves and the tests do not count as use.
    expect(code.some((source) => source.includes('"nav.home": "Home"'))).toBe(false);
    expect(code.some((source) => source.includes("message catalogue usage"))).toBe(false);
  });
});

describe("message placeholders", () => {
  it("are the same in English and Hebrew for every key", () => {
    const mismatched = Object.entries(en)
      .filter(([key, english]) => placeholders(english).join() !== placeholders(he[key as keyof typeof he]).join())
      .map(
        ([key, english]) =>
          `${key}: en {${placeholders(english).join(", ")}} he {${placeholders(he[key as keyof typeof he]).join(", ")}}`,
      );
    expect(mismatched).toEqual([]);
  });
});

// The browser holds only the areas of the catalogue its page needs (ADR 012). A page shows the keys
// used anywhere in its module graph (the route's file, its layouts and root.tsx, and everything
// they import, server modules included: their keys come back in loader and action data), so each
// of those keys must be in an area `areasOf` loads for the page's path.
describe("message areas", () => {
  const areas: Record<Area, Record<string, string>> = {
    site: enSite,
    directory: enDirectory,
    saved: enSaved,
    restaurant: enRestaurant,
    account: enAccount,
    manage: enManage,
    contribute: enContribute,
    review: enReview,
    blog: enBlog,
  };
  const appDir = path.join(root, "app");

  function resolveImport(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith(".")) return undefined;
    const base = path.resolve(path.dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (file) => /\.tsx?$/.test(file) && existsSync(file),
    );
  }

  const PUBLIC_FILE = /[\\/]features[\\/]restaurants[\\/][a-z-]+[\\/]index(?:\.server|\.client)?\.ts$/;

  /** The names an `import { a, type B, c as d } from …` statement takes (the name exported, not the local one). */
  function namesOf(statement: string): Set<string> {
    const list = /\{([^}]*)\}/.exec(statement)?.[1] ?? "";
    return new Set(
      list
        .split(",")
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean),
    );
  }

  /** The files a public file re-exports any of `names` from. */
  function reexportedFiles(publicFile: string, names: Set<string>): string[] {
    const files: string[] = [];
    for (const match of readFileSync(publicFile, "utf8").matchAll(
      /export\s+(?:type\s+)?\{([^}]*)\}\s*from\s+["']([^"']+)["']/g,
    )) {
      const exported = match[1]!.split(",").map((name) =>
        name
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)
          .at(-1)!,
      );
      const target = resolveImport(publicFile, match[2]!);
      if (target && exported.some((name) => names.has(name))) files.push(target);
    }
    return files;
  }

  /**
   * Every source file the given files import, directly or not (the catalogues aside), in two parts:
   * `now`, what renders with the page, and `later`, what a module that loads its page's `later`
   * areas (`loadLaterMessagesFor`) imports with `import()` — the report form — and what that imports.
   */
  function pageGraph(entries: string[]): { now: string[]; later: string[] } {
    const now = new Set<string>();
    const later = new Set<string>();
    const pending: { file: string; part: Set<string> }[] = entries.map((file) => ({ file, part: now }));
    while (pending.length > 0) {
      const { file, part } = pending.pop()!;
      if (now.has(file) || part.has(file)) continue;
      part.add(file);
      if (part === now) later.delete(file);
      const source = readFileSync(file, "utf8");
      const loadsLater = /loadLaterMessagesFor\(/.test(source) && !file.endsWith(`${path.sep}page-messages.ts`);
      for (const match of source.matchAll(
        /(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
      )) {
        const imported = resolveImport(file, match[1] ?? match[2]!);
        if (!imported || imported.includes(`${path.sep}locales${path.sep}`)) continue;
        const into = match[2] !== undefined && loadsLater ? later : part;
        // A restaurants room's public file only re-exports, and the bundle takes from it only the names
        // used (vite.config.ts): follow the files of those names, not the whole room.
        if (PUBLIC_FILE.test(imported) && match[1] !== undefined) {
          for (const reexported of reexportedFiles(imported, namesOf(match[0])))
            pending.push({ file: reexported, part: into });
          continue;
        }
        pending.push({ file: imported, part: into });
      }
    }
    return { now: [...now], later: [...later].filter((file) => !now.has(file)) };
  }

  /** Every source file of a page, whenever it renders. */
  function moduleGraph(entries: string[]): string[] {
    const { now, later } = pageGraph(entries);
    return [...now, ...later];
  }

  /** A file's quoted words (each a candidate key) and the key prefixes it builds (`prefix.${…}`), read once per file. */
  const fileWords = new Map<string, { quoted: Set<string>; built: string[] }>();
  function wordsOf(file: string) {
    let words = fileWords.get(file);
    if (!words) {
      const source = readFileSync(file, "utf8");
      words = {
        quoted: new Set([...source.matchAll(/["'`]([\w.-]+)["'`]/g)].map((match) => match[1]!)),
        built: [...source.matchAll(/`([a-z][\w.]*\.)\$\{/gi)].map((match) => match[1]!),
      };
      fileWords.set(file, words);
    }
    return words;
  }

  function keysUsedBy(files: string[]): string[] {
    const words = files.map(wordsOf);
    const built = words.flatMap((word) => word.built);
    return Object.keys(en).filter(
      (key) => words.some((word) => word.quoted.has(key)) || built.some((prefix) => key.startsWith(prefix)),
    );
  }

  interface Page {
    path: string;
    files: string[];
  }
  type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

  /** Every page of the route table (routes whose module renders something), with a sample path. */
  function pages(
    entries: RouteEntry[],
    parentPath = "",
    parentFiles: string[] = [path.join(appDir, "root.tsx")],
  ): Page[] {
    return entries.flatMap((entry) => {
      const file = path.join(appDir, entry.file);
      const fullPath = [parentPath, entry.path ?? ""]
        .filter(Boolean)
        .join("/")
        .replace(/:\w+/g, "x")
        .replace(/\*/, "no-such-page");
      const files = [...parentFiles, file];
      const own = /export default function/.test(readFileSync(file, "utf8")) ? [{ path: `/${fullPath}`, files }] : [];
      return [...own, ...pages(entry.children ?? [], fullPath, files)];
    });
  }

  const routePages = pages(routes as RouteEntry[]);

  it("finds the pages of the route table, public and managing, in both languages", () => {
    const paths = routePages.map((page) => page.path);
    for (const expected of [
      "/",
      "/he",
      "/en/restaurant/x",
      "/blogs",
      "/dashboard",
      "/he/dashboard/users",
      "/dashboard/blog/add",
      "/account",
      "/no-such-page",
    ]) {
      expect(paths).toContain(expected);
    }
    expect(paths).not.toContain("/logout");
  });

  it("loads, for every page, an area holding each key the page can show (a part opened later: with its later areas)", () => {
    const missing = routePages.flatMap(({ path: pagePath, files }) => {
      const { now, later } = pageGraph(files);
      const loaded = areasOf(pagePath);
      const loadedLater = [...loaded, ...laterAreasOf(pagePath)];
      // Words the server writes into the page (written.ts) come as text in its data: no area needed.
      return [
        ...keysUsedBy(now).filter((key) => !(key in enWritten) && !loaded.some((area) => key in areas[area])),
        ...keysUsedBy(later).filter((key) => !(key in enWritten) && !loadedLater.some((area) => key in areas[area])),
      ].map((key) => `${pagePath}: ${key}`);
    });
    expect(missing).toEqual([]);
  });

  it("finds the restaurant page's report form as a part opened later, with its words in the contribute area", () => {
    const restaurant = routePages.find((page) => page.path === "/en/restaurant/x")!;
    const { now, later } = pageGraph(restaurant.files);
    const reportForm = path.join(appDir, "features", "reports", "components", "ReportForm.tsx");
    expect(later).toContain(reportForm);
    expect(now).not.toContain(reportForm);
    expect(laterAreasOf("/he/restaurant/x")).toEqual(["contribute"]);
    expect(areasOf("/he/restaurant/x")).not.toContain("contribute");
    expect(keysUsedBy(later)).toContain("report.submit");
    expect("report.submit" in enRestaurant).toBe(false);
  });

  it("keeps out of the site area every key no public page shows", () => {
    const publicPages = routePages.filter((page) => !areasOf(page.path).includes("manage"));
    const shown = new Set(publicPages.flatMap(({ files }) => keysUsedBy(moduleGraph(files))));
    expect(Object.keys(enSite).filter((key) => !shown.has(key))).toEqual([]);
  });

  it("keeps in the restaurant area, not the site area, what only restaurant pages show among public pages", () => {
    const shownBy = (pages: Page[]) => new Set(pages.flatMap(({ files }) => keysUsedBy(moduleGraph(files))));
    const publicPages = routePages.filter((page) => !areasOf(page.path).includes("manage"));
    const onRestaurantPages = shownBy(publicPages.filter((page) => areasOf(page.path).includes("restaurant")));
    const elsewhere = shownBy(publicPages.filter((page) => !areasOf(page.path).includes("restaurant")));
    expect(Object.keys(enSite).filter((key) => onRestaurantPages.has(key) && !elsewhere.has(key))).toEqual([]);
    expect(Object.keys(enRestaurant).filter((key) => !onRestaurantPages.has(key))).toEqual([]);
  });

  it("keeps in the directory area, not the site area, what only the home and Saved pages show among public pages", () => {
    const shownBy = (pages: Page[]) => new Set(pages.flatMap(({ files }) => keysUsedBy(moduleGraph(files))));
    const publicPages = routePages.filter((page) => !areasOf(page.path).includes("manage"));
    const inDirectory = publicPages.filter((page) => areasOf(page.path).includes("directory"));
    const onDirectoryPages = shownBy(inDirectory);
    const elsewhere = shownBy(publicPages.filter((page) => !areasOf(page.path).includes("directory")));
    expect(inDirectory.map((page) => page.path).sort()).toEqual(["/", "/he", "/he/saved", "/saved"]);
    expect(Object.keys(enSite).filter((key) => onDirectoryPages.has(key) && !elsewhere.has(key))).toEqual([]);
    expect(Object.keys(enDirectory).filter((key) => !onDirectoryPages.has(key))).toEqual([]);
  });

  it("keeps out of the account area every key no page of the account area shows", () => {
    const accountPages = routePages.filter((page) => areasOf(page.path).includes("account"));
    const shown = new Set(accountPages.flatMap(({ files }) => keysUsedBy(moduleGraph(files))));
    expect(Object.keys(enAccount).filter((key) => !shown.has(key))).toEqual([]);
  });

  it("lets only server modules use the words the server writes into pages (no browser has them)", () => {
    const browserFiles = ["app", "server"]
      .flatMap(sourceFiles)
      .filter((file) => !/\.server\.tsx?$/.test(file) && file.startsWith(`app${path.sep}`))
      .map((file) => path.join(root, file));
    const usedInBrowser = keysUsedBy(browserFiles).filter((key) => key in enWritten);
    expect(usedInBrowser).toEqual([]);
    // The check sees a use: the restaurant page's questions are written by page/faq.server.ts.
    expect(keysUsedBy([path.join(appDir, "features", "restaurants", "page", "faq.server.ts")])).toContain(
      "restaurant.faqKosherQ",
    );
  });

  it("puts every key in exactly one area, the same one in both languages", () => {
    const all = [
      enSite,
      enDirectory,
      enSaved,
      enRestaurant,
      enAccount,
      enManage,
      enContribute,
      enBlog,
      enWritten,
    ].flatMap((area) => Object.keys(area));
    expect(all.length).toBe(new Set(all).size);
    expect(Object.keys(heContribute).sort()).toEqual(Object.keys(enContribute).sort());
    expect(Object.keys(heBlog).sort()).toEqual(Object.keys(enBlog).sort());
    expect(Object.keys(heRestaurant).sort()).toEqual(Object.keys(enRestaurant).sort());
    expect(Object.keys(heSite).sort()).toEqual(Object.keys(enSite).sort());
    expect(Object.keys(heDirectory).sort()).toEqual(Object.keys(enDirectory).sort());
    expect(Object.keys(heSaved).sort()).toEqual(Object.keys(enSaved).sort());
    expect(Object.keys(heAccount).sort()).toEqual(Object.keys(enAccount).sort());
    expect(Object.keys(heManage).sort()).toEqual(Object.keys(enManage).sort());
    expect(Object.keys(heWritten).sort()).toEqual(Object.keys(enWritten).sort());
  });
});
