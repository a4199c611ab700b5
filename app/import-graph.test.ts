// The import graph of the code that runs (app/, server/, database/, scripts/; tests are left out), read with
// the TypeScript compiler as the build reads it: every import, export…from and import(), type imports
// included. ESLint's import/no-cycle skips type imports; loops closed through types still make the design
// hard to follow, so this keeps the graph free of them, and checks the restaurants wing's rooms
// (docs/architecture.md, "Who may import what"): the core imports no part, and the parts form no loop.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "server", "database", "scripts"];
const WING = "app/features/restaurants/";

type Graph = Map<string, Set<string>>;

const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");

/** Every source file of the folders, by its path from the root (tests and declaration files left out). */
function sourceFiles(): string[] {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) || /\.test\.tsx?$|\.d\.ts$/.test(entry.name))
        continue;
      files.push(relative(path.join(entry.parentPath, entry.name)));
    }
  }
  return files.sort();
}

/** The project's import graph: file -> the project files it imports (packages, styles and generated types left out). */
function importGraph(): Graph {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const files = sourceFiles();
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const imports = new Set<string>();
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, path.join(root, file), options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = relative(resolved.resolvedFileName);
      if (known.has(target) && target !== file) imports.add(target);
    }
    graph.set(file, imports);
  }
  return graph;
}

/** The loops of a graph: each strongly connected component of more than one node, as one loop through it. */
function loops(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components.map((component) => loopThrough(graph, new Set(component)));
}

/** One loop inside a strongly connected component, from its first file back to it (breadth first: the shortest). */
function loopThrough(graph: Graph, component: Set<string>): string[] {
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component];
}

/** The room of the restaurants wing a file stands in ("core", "search", "page"…), or undefined outside the wing. */
function wingRoom(file: string): string | undefined {
  if (!file.startsWith(WING)) return undefined;
  const rest = file.slice(WING.length);
  return rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : rest;
}

/** The rooms of the wing, with the rooms each imports. */
function roomGraph(graph: Graph): Graph {
  const rooms: Graph = new Map();
  for (const [file, imports] of graph) {
    const room = wingRoom(file);
    if (room === undefined) continue;
    const edges = rooms.get(room) ?? new Set<string>();
    rooms.set(room, edges);
    for (const target of imports) {
      const other = wingRoom(target);
      if (other !== undefined && other !== room) edges.add(other);
    }
  }
  return rooms;
}

const show = (found: string[][]) => found.map((loop) => loop.join(" -> "));

describe("the import graph (type imports included)", () => {
  const graph = importGraph();

  it("reads the whole tree", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("app/routes/home.tsx")?.size).toBeGreaterThan(5);
    // Type-only imports are edges too: the listing's types take the stored hours' type from database/.
    expect(graph.get(`${WING}core/types.ts`)).toContain("database/hours.ts");
  });

  it("has no import loop", () => {
    expect(show(loops(graph))).toEqual([]);
  });

  it("the restaurants core imports no part of the wing", () => {
    const outOfCore = [...graph]
      .filter(([file]) => wingRoom(file) === "core")
      .flatMap(([file, imports]) =>
        [...imports]
          .filter((target) => !["core", undefined].includes(wingRoom(target)))
          .map((target) => `${file} -> ${target}`),
      );
    expect(outOfCore).toEqual([]);
  });

  it("the parts of the restaurants wing import each other without a loop", () => {
    const rooms = roomGraph(graph);
    expect(rooms.get("core")?.size).toBe(0);
    expect(rooms.size).toBeGreaterThan(10);
    expect(show(loops(rooms))).toEqual([]);
  });

  it("would find a loop, and say which files close it", () => {
    const looped: Graph = new Map([
      ["a.ts", new Set(["b.ts"])],
      ["b.ts", new Set(["c.ts", "d.ts"])],
      ["c.ts", new Set(["a.ts"])],
      ["d.ts", new Set<string>()],
    ]);
    expect(show(loops(looped))).toEqual(["a.ts -> b.ts -> c.ts -> a.ts"]);
  });
});
