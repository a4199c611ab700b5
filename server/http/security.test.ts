import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, setStandardHeaders } from "./security";

describe("security headers", () => {
  it("name the map's tile host among image sources, beside what was allowed before", () => {
    const policy = contentSecurityPolicy("nonce", ["http://127.0.0.1:8080"]);
    expect(policy).toContain("img-src 'self' data: blob: https: http://127.0.0.1:8080;");
    expect(contentSecurityPolicy({ hashes: ["abc"] }, ["http://tiles.local"])).toContain(
      "img-src 'self' data: blob: https: http://tiles.local;",
    );
    // Scripts and connections stay our own: tiles are images, nothing else.
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toMatch(/script-src[^;]*127\.0\.0\.1/);
  });

  it("let this site (only) ask for the visitor's position, for Near me", () => {
    const headers = new Map<string, string>();
    setStandardHeaders({ setHeader: (name: string, value: string) => void headers.set(name, value) } as never, {
      hsts: false,
    });
    expect(headers.get("Permissions-Policy")).toContain("geolocation=(self)");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
  });
});
