// The layer rules of docs/architecture.md ("Who may import what") are enforced by lint. These tests
// run the project's own ESLint configuration on small probe files, so losing a rule fails the suite.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // Loads the configuration and the parsers once, outside the tests' own time.
  await eslint.lintText("export {};\n", { filePath: path.join(root, "app/lib/dates.ts") });
}, 60_000);

/** The layer and cycle rules reported for `code` as if it were the file at `file` (relative to the root). */
async function layerProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const messages = result?.messages ?? [];
  expect(messages.filter((m) => m.fatal).map((m) => m.message)).toEqual([]);
  return messages.map((m) => m.ruleId ?? "").filter((rule) => rule.startsWith("import/"));
}

const use = (names: string[]) => `console.log(${names.join(", ")});\n`;

describe("layers (import/no-restricted-paths)", () => {
  it("app/lib never imports a feature or a route", async () => {
    // A lib module nothing on these import paths depends on, so the layer rule is the only finding
    // (dates.ts, used by the restaurants feature, would also close an import cycle).
    expect(
      await layerProblems(
        "app/lib/redirects.ts",
        `import { applyFilters } from "../features/restaurants/search/filters";\n${use(["applyFilters"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems("app/lib/redirects.ts", `import { meta } from "../routes/home";\n${use(["meta"])}`),
    ).toEqual(["import/no-restricted-paths"]);
  });

  it("app/lib and app/components never import the files at app/'s top, such as the route table's facts", async () => {
    expect(
      await layerProblems("app/lib/redirects.ts", `import { matchPage } from "../route-facts";\n${use(["matchPage"])}`),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems(
        "app/components/ui/Disclosure.tsx",
        `import { areasOf } from "../../page-messages";\n${use(["areasOf"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    // The page's message loader, at app/'s top, may read the route facts beside it.
    expect(
      await layerProblems("app/page-messages.ts", `import { matchPage } from "./route-facts";\n${use(["matchPage"])}`),
    ).toEqual([]);
  });

  it("app/components never imports a feature or a route", async () => {
    expect(
      await layerProblems(
        "app/components/ui/Disclosure.tsx",
        `import { applyFilters } from "../../features/restaurants/search/filters";\n${use(["applyFilters"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems(
        "app/components/ui/Disclosure.tsx",
        `import { meta } from "../../routes/home";\n${use(["meta"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
  });

  it("a feature never imports another feature or a route, but may import its own modules and app/lib", async () => {
    expect(
      await layerProblems(
        "app/features/blog/samples.ts",
        `import { applyFilters } from "../restaurants/search/filters";\n${use(["applyFilters"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems(
        "app/features/blog/samples.ts",
        `import { meta } from "../../routes/home";\n${use(["meta"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems(
        "app/features/blog/samples.ts",
        `import { blogPath } from "./rules";\nimport { formatIsoDate } from "../../lib/dates";\n${use(["blogPath", "formatIsoDate"])}`,
      ),
    ).toEqual([]);
  });

  it("a feature's sub-folders never import another feature", async () => {
    // restaurants/map/static-map.ts sits in a sub-folder of its feature: the rule covers the whole folder. (A module
    // no import-cycle probe below goes through: ESLint keeps what it read of a probed file for the run.)
    expect(
      await layerProblems(
        "app/features/restaurants/map/static-map.ts",
        `import { blogPath } from "../../blog/rules";\n${use(["blogPath"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems(
        "app/features/restaurants/map/static-map.ts",
        `import { normalizeForSearch } from "../../../lib/search-text";\nimport { KASHRUT_LABELS } from "../core";\n${use(["normalizeForSearch", "KASHRUT_LABELS"])}`,
      ),
    ).toEqual([]);
  });

  it("database/ imports nothing from app/ or server/", async () => {
    expect(
      await layerProblems(
        "database/schema/blogs.ts",
        `import { formatIsoDate } from "../../app/lib/dates";\n${use(["formatIsoDate"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems(
        "database/schema/blogs.ts",
        `import { ConfigError } from "../../server/config";\n${use(["ConfigError"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
  });

  it("app/ never imports the Node server entry (server/)", async () => {
    expect(
      await layerProblems(
        "app/routes/robots-txt.ts",
        `import { ConfigError } from "../../server/config";\n${use(["ConfigError"])}`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
  });

  it("a route may combine features and app/lib", async () => {
    const code = `import { applyFilters } from "../features/restaurants/search/filters";\nimport { blogPath } from "../features/blog/rules";\nimport { formatIsoDate } from "../lib/dates";\n${use(["applyFilters", "blogPath", "formatIsoDate"])}`;
    expect(await layerProblems("app/routes/robots-txt.ts", code)).toEqual([]);
  });
});

describe("no import cycles (import/no-cycle)", () => {
  it("reports a module that imports one of the modules importing it", async () => {
    // restaurants/core/mapping.ts imports constants.ts; constants.ts importing mapping.ts closes a cycle.
    const code = `import { rowToRestaurant } from "./mapping";\n${use(["rowToRestaurant"])}`;
    expect(await layerProblems("app/features/restaurants/core/constants.ts", code)).toEqual(["import/no-cycle"]);
  });
});

describe("the restaurants wing's rooms (import/no-restricted-paths)", () => {
  const wing = "app/features/restaurants";
  const rooms = readdirSync(path.join(root, wing), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  /** A module inside a room that is not one of its public files. */
  const innerFile = (room: string) =>
    readdirSync(path.join(root, wing, room), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/^index\.|\.test\./.test(name))
      .sort()[0]!
      .replace(/\.tsx?$/, "");
  // Probes stand in rooms no other room imports, so no import of theirs can close a loop.
  const proberFor = (room: string) => `${wing}/${room === "page" ? "claims/rules.ts" : "page/faq.server.ts"}`;

  it("has a core and its parts", () => {
    expect(rooms).toEqual(
      expect.arrayContaining(["core", "search", "map", "hours", "certificate", "editing", "saved", "page"]),
    );
  });

  it("a room is entered from another only through its public files", async () => {
    for (const room of rooms) {
      const prober = proberFor(room);
      expect(await layerProblems(prober, `export * from "../${room}/${innerFile(room)}";\n`), room).toEqual([
        "import/no-restricted-paths",
      ]);
      for (const name of ["index.ts", "index.server.ts", "index.client.ts"].filter((file) =>
        existsSync(path.join(root, wing, room, file)),
      )) {
        const entry = name === "index.ts" ? `../${room}` : `../${room}/${name.replace(/\.ts$/, "")}`;
        expect(await layerProblems(prober, `export * from "${entry}";\n`), `${room}/${name}`).toEqual([]);
      }
    }
  });

  it("inside a room, files import each other freely", async () => {
    expect(
      await layerProblems(
        `${wing}/search/misses.ts`,
        `export * from "./filters";\nexport * from "./components/RestaurantCard";\n`,
      ),
    ).toEqual([]);
  });

  it("the core imports no part, not even through its public file", async () => {
    expect(await layerProblems(`${wing}/core/freshness.ts`, `export * from "../saved";\n`)).toEqual([
      "import/no-restricted-paths",
    ]);
    expect(
      await layerProblems(
        `${wing}/core/freshness.ts`,
        `import type { HoursView } from "../hours/index.server";\nexport type { HoursView };\n`,
      ),
    ).toEqual(["import/no-restricted-paths"]);
    expect(
      await layerProblems(
        `${wing}/core/freshness.ts`,
        `export * from "./constants";\nexport * from "../../../lib/dates";\n`,
      ),
    ).toEqual([]);
  });

  it("a test may reach into the rooms it tests", async () => {
    expect(
      await layerProblems(
        `${wing}/certificate/reminders.test.ts`,
        `export * from "../search/filters";\nexport * from "../core/constants";\n`,
      ),
    ).toEqual([]);
  });
});

describe("roles are compared only in the permission modules (no-restricted-syntax)", () => {
  const roleProblems = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    const messages = result?.messages ?? [];
    expect(messages.filter((m) => m.fatal).map((m) => m.message)).toEqual([]);
    return messages.filter((m) => m.ruleId === "no-restricted-syntax").length;
  };
  const declare = `declare const user: { role: string } | undefined;\ndeclare const role: string;\n`;

  it("reports a role compared by hand in a feature, the server or a script, however it is written", async () => {
    for (const file of [
      "app/features/restaurants/editing/owners.server.ts",
      "server/ops/data-transfer/import.ts",
      "scripts/import.ts",
      "app/routes/home.tsx",
    ]) {
      expect(await roleProblems(file, `${declare}export const a = user?.role !== "owner";\n`)).toBe(1);
      expect(await roleProblems(file, `${declare}export const b = "admin" === role;\n`)).toBe(1);
      expect(await roleProblems(file, `${declare}export const c = user!.role == "guest";\n`)).toBe(1);
      expect(
        await roleProblems(
          file,
          `${declare}export function d() {\n  switch (role) {\n    default:\n      return 1;\n  }\n}\n`,
        ),
      ).toBe(1);
    }
  });

  it("lets the permission modules compare roles, and anyone ask them", async () => {
    expect(await roleProblems("app/lib/permissions.ts", `${declare}export const a = user?.role === "admin";\n`)).toBe(
      0,
    );
    expect(await roleProblems("app/lib/permissions.server.ts", `${declare}export const a = role === "system";\n`)).toBe(
      0,
    );
    expect(
      await roleProblems(
        "app/features/restaurants/editing/owners.server.ts",
        `import { mayBeLinkedAsOwner } from "../../../lib/permissions";\n${declare}export const a = mayBeLinkedAsOwner({ role: "owner" });\nexport const b = user?.role;\n`,
      ),
    ).toBe(0);
  });
});

describe("no role compared by hand anywhere in the source tree", () => {
  // Lint is the gate; this scan also catches what a lint run might skip (a new folder, a file lint ignores).
  const PERMISSION_MODULES = new Set(["app/lib/permissions.ts", "app/lib/permissions.server.ts"]);
  const COMPARISON = /\brole\s*[!=]==?|[!=]==?\s*[\w.?!]*\brole\b|switch\s*\(\s*[\w.?!]*\brole\s*\)/;

  it("finds role comparisons only in app/lib/permissions.ts and permissions.server.ts", () => {
    const offenders: string[] = [];
    for (const folder of ["app", "server", "scripts"]) {
      for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(ts|tsx|js|mjs)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
        const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (PERMISSION_MODULES.has(file)) continue;
        readFileSync(path.join(root, file), "utf8")
          .split("\n")
          .forEach((line, i) => {
            if (COMPARISON.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });

  it("would find one (the pattern matches the ways a comparison is written)", () => {
    for (const line of [
      'if (candidate?.role !== "owner")',
      'actor.role === "system"',
      'role !== "admin"',
      '"admin" === user.role',
      "switch (viewer.role) {",
    ]) {
      expect(COMPARISON.test(line), line).toBe(true);
    }
    for (const line of ['eq(userRoles.role, "owner")', "const role = user.role;", "mayBeLinkedAsOwner(account)"]) {
      expect(COMPARISON.test(line), line).toBe(false);
    }
  });
});

describe("names (check-file)", () => {
  const namingProblems = async (file: string) => {
    const [result] = await eslint.lintText("export {};\n", { filePath: path.join(root, file) });
    return (result?.messages ?? []).map((m) => m.ruleId ?? "").filter((rule) => rule.startsWith("check-file/"));
  };

  it("components are PascalCase, every other module kebab-case (.server, .client, .test read as extensions)", async () => {
    expect(await namingProblems("app/components/ui/ConfirmDialog.tsx")).toEqual([]);
    expect(await namingProblems("app/components/ui/confirm-dialog.tsx")).toEqual([
      "check-file/filename-naming-convention",
    ]);
    expect(await namingProblems("app/features/blog/components/PostCard.tsx")).toEqual([]);
    expect(await namingProblems("app/features/blog/blog.server.ts")).toEqual([]);
    expect(await namingProblems("app/features/blog/blogServer.ts")).toEqual(["check-file/filename-naming-convention"]);
    expect(await namingProblems("server/http/page_cache.ts")).toEqual(["check-file/filename-naming-convention"]);
    expect(await namingProblems("app/routes/login-two-factor.tsx")).toEqual([]);
  });

  it("folders are kebab-case", async () => {
    expect(await namingProblems("server/ops/dataTransfer/files.ts")).toEqual(["check-file/folder-naming-convention"]);
    expect(await namingProblems("server/ops/data-transfer/files.ts")).toEqual([]);
  });
});
