import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, unavailablePage } from "./unavailable";

const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });
const sqlError = (code: string) => Object.assign(new Error("server said no"), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises an unreachable server: refused, reset or timed-out sockets", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]) {
      expect(isDatabaseUnavailable(socketError(code)), code).toBe(true);
    }
  });

  it("recognises a server shutting down, crashed, starting up or full (SQLSTATE)", () => {
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001", "53300"])
      expect(isDatabaseUnavailable(sqlError(code)), code).toBe(true);
  });

  it("recognises node-postgres' own connection messages", () => {
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated due to connection timeout"))).toBe(true);
  });

  it("looks through wrappers (Drizzle's failed query, AggregateError from a multi-address connect)", () => {
    const drizzle = new Error("Failed query: select 1", { cause: socketError("ECONNREFUSED") });
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error("x"), socketError("ECONNREFUSED")]))).toBe(true);
    expect(isDatabaseUnavailable(new Error("outer", { cause: new Error("inner", { cause: sqlError("57P01") }) }))).toBe(
      true,
    );
  });

  it("does not mistake bugs, bad input or constraint errors for an outage", () => {
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(sqlError("23505"))).toBe(false); // unique violation
    expect(isDatabaseUnavailable(sqlError("42P01"))).toBe(false); // undefined table
    expect(isDatabaseUnavailable(sqlError("57014"))).toBe(false); // one slow query cancelled
    expect(isDatabaseUnavailable(Object.assign(new Error("no such file"), { code: "ENOENT" }))).toBe(false);
    expect(isDatabaseUnavailable(new Response(null, { status: 404 }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  it("stops on a cause cycle", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("unavailablePage", () => {
  it("is a complete English page, left to right, asking to retry", () => {
    const html = unavailablePage("en");
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("The site is temporarily unavailable. Please try again in a minute.");
    expect(html).not.toMatch(/<script/i);
  });

  it("is a complete Hebrew page, right to left", () => {
    const html = unavailablePage("he");
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain("האתר אינו זמין באופן זמני. אנא נסו שוב בעוד דקה.");
    expect(html).not.toContain("temporarily unavailable");
  });
});
