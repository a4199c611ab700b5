import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { matchRoute, PAGE_FACTS } from "./route-facts";
import routes from "./routes";

type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every route of the table with its full pattern, and the table as React Router's own matcher takes it. */
function flatten(entries: RouteEntry[], parent = ""): { id: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ id: entry.id ?? entry.file, pattern }, ...flatten(entry.children ?? [], pattern)];
  });
}
const routeObjects = (entries: RouteEntry[]): RouteObject[] =>
  entries.map(({ id, path, index, file, children }) =>
    index
      ? { id: id ?? file, index: true }
      : { id: id ?? file, path, ...(children ? { children: routeObjects(children) } : {}) },
  );

const table = routes as RouteEntry[];
const all = flatten(table);
const objects = routeObjects(table);

/** The key of PAGE_FACTS that declares a route: its pattern without the language prefix, or the splat over it. */
function declaringKey(pattern: string): string | undefined {
  const bare = `/${pattern.replace(/^(he|en)(\/|$)/, "")}`.replace(/\/$/, "") || "/";
  if (bare === "/*") return "*";
  if (bare in PAGE_FACTS) return bare;
  return Object.keys(PAGE_FACTS)
    .filter((key) => key.endsWith("/*") && (bare === key.slice(0, -2) || bare.startsWith(key.slice(0, -1))))
    .sort((a, b) => b.length - a.length)[0];
}

/** A path the route answers (its parameters filled in). */
const sample = (pattern: string) => `/${pattern}`.replace(/:\w+/g, "x").replace(/\*$/, "no-such-page");
const picks = new Map<string, string | undefined>();
/** The route React Router picks for a path (the deepest match). */
function routerPicks(path: string): string | undefined {
  if (!picks.has(path)) picks.set(path, matchRoutes(objects, path)?.at(-1)?.route.id);
  return picks.get(path);
}

describe("route facts", () => {
  it("are declared for every route of app/routes.ts (only the not-found page falls to the catch-all)", () => {
    const forgotten = all.filter(({ pattern }) => {
      const key = declaringKey(pattern);
      return key === undefined || (key === "*") !== (pattern === "*");
    });
    expect(forgotten.map(({ id, pattern }) => `${id}: /${pattern}`)).toEqual([]);
  });

  it("are found for a route's path as React Router matches it: any case, encoded, with a trailing slash, under /he", () => {
    const disagreements = all.flatMap(({ id, pattern }) => {
      const path = sample(pattern);
      // A layout shares its path with its index page, which the router picks.
      if (routerPicks(path) !== id) return [];
      const variants = [
        path,
        path.toUpperCase(),
        path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
        `${path}/`,
      ];
      return variants.flatMap((variant) => {
        const picked = all.find((route) => route.id === routerPicks(variant));
        const expected = picked && declaringKey(picked.pattern);
        const found = matchRoute(variant).pattern;
        return found === expected ? [] : [`${variant}: router ${picked?.id} (${expected}), facts ${found}`];
      });
    });
    expect(disagreements).toEqual([]);
  });

  it("read a route's data request (.data) and a path with repeated slashes as its page", () => {
    for (const { pattern } of all.filter(({ pattern }) => pattern !== "")) {
      const path = sample(pattern);
      const page = matchRoute(path);
      expect(matchRoute(`${path}.data`).pattern, path).toBe(page.pattern);
      expect(matchRoute(`/${path.replaceAll("/", "//")}`).pattern, path).toBe(page.pattern);
    }
  });

  // A path ending in a slash (the home page) asks for its data as `/_.data` (React Router's
  // trailing-slash-aware data requests, the app's setting), or as `/_root.data` without it.
  it("read the home page's data request as the home page, in both languages", () => {
    const home = matchRoute("/");
    for (const path of ["/_.data", "/he/_.data", "/_root.data", "/he/_root.data"])
      expect(matchRoute(path), path).toEqual(home);
    expect(matchRoute("/_").pattern).toBe("*");
  });

  it("name the page only for a whole segment", () => {
    for (const path of ["/dashboards", "/logins", "/he/accountant", "/api-docs", "/healthz/x"])
      expect(matchRoute(path).pattern, path).toBe("*");
  });

  it("keep private what cannot be decoded, and tell the secret in a password-reset link", () => {
    expect(matchRoute("/%E0%A4%A").facts.private).toBe(true);
    expect(matchRoute("/api/auth/reset-password/T0K3N")).toMatchObject({
      pattern: "/api/auth/reset-password/:token",
      facts: { secret: true },
    });
    expect(matchRoute("/he/Dashboard/users.data")).toMatchObject({ pattern: "/dashboard/*", facts: { private: true } });
  });

  it("take the server's own paths only without a language prefix", () => {
    expect(matchRoute("/api/live/restaurants/x")).toMatchObject({
      pattern: "/api/live/*",
      facts: { private: true, label: "api_live" },
    });
    expect(matchRoute("/he/api/live/restaurants/x").pattern).toBe("*");
    expect(matchRoute("/he/account")).toEqual(matchRoute("/account"));
  });

  // The installable site's own paths; the manifest and the offline page in both languages.
  it("know the service worker, the manifests and the offline pages, public, the last two also under /he", () => {
    expect(matchRoute("/sw.js")).toMatchObject({ pattern: "/sw.js", facts: { label: "service_worker" } });
    for (const path of ["/manifest.webmanifest", "/he/manifest.webmanifest"]) {
      expect(matchRoute(path), path).toMatchObject({ pattern: "/manifest.webmanifest", facts: { label: "manifest" } });
    }
    for (const path of ["/offline", "/he/offline"])
      expect(matchRoute(path), path).toMatchObject({ pattern: "/offline", facts: { label: "offline" } });
    for (const path of ["/sw.js", "/he/offline", "/manifest.webmanifest"])
      expect(matchRoute(path).facts.private, path).toBeUndefined();
    expect(matchRoute("/he/sw.js").pattern).toBe("*");
  });

  // The open data feeds are public (cached as pages, never `private, no-store`), each with its own label.
  it("know the open data feeds: public, cacheable, their own labels, and only at their exact paths", () => {
    expect(matchRoute("/api/restaurants.json")).toMatchObject({
      pattern: "/api/restaurants.json",
      facts: { label: "api_open_data_json", openData: true },
    });
    expect(matchRoute("/api/restaurants.geojson")).toMatchObject({
      pattern: "/api/restaurants.geojson",
      facts: { label: "api_open_data_geojson", openData: true },
    });
    for (const path of ["/api/restaurants.json", "/api/restaurants.geojson"])
      expect(matchRoute(path).facts.private, path).toBeUndefined();
    for (const path of ["/api/restaurants.xml", "/api/restaurants", "/api/restaurants.json/x"]) {
      expect(matchRoute(path), path).toMatchObject({ pattern: "/api/*", facts: { private: true } });
    }
    expect(matchRoute("/he/api/restaurants.json").facts.openData).toBeUndefined();
  });
});

// The claim page is about the viewer (never cached) and its form carries one file.
describe("the claim page's facts", () => {
  it("is private and may take a file; the report page may not", () => {
    expect(matchRoute("/he/restaurant/x/claim")).toMatchObject({
      pattern: "/restaurant/:slug/claim",
      facts: { private: true, label: "claim", fileForm: true },
    });
    expect(matchRoute("/en/restaurant/x/claim.data").facts.fileForm).toBe(true);
    expect(matchRoute("/en/restaurant/x/report").facts.fileForm).toBeUndefined();
    expect(matchRoute("/en/restaurant/x").facts.private).toBeUndefined();
  });
});
