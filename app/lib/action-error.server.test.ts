import { redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { actionError } from "./action-error.server";
import { AppError } from "./errors";

/** What React Router sends for a `data(…)` answer: its body and status. */
function answered(result: unknown): { body: unknown; status: number | undefined } {
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return { body: data, status: init?.status };
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("actionError", () => {
  it("answers an AppError with its code's status and its message, field messages, values and reasons", () => {
    const error = new AppError("rateLimited", "error.rateLimited", {
      values: { minutes: 15 },
      fieldErrors: { email: "error.invalidEmail" },
      reasons: ["error.weak.common"],
    });
    expect(answered(actionError(error, { log: "[test]" }))).toEqual({
      status: 429,
      body: {
        error: "error.rateLimited",
        values: { minutes: 15 },
        errors: { email: "error.invalidEmail" },
        reasons: ["error.weak.common"],
      },
    });
  });

  it("adds the page's data and uses its words for a code it names", () => {
    const gone = new AppError("notFound", "editor.loadFailed");
    expect(
      answered(
        actionError(gone, { log: "[test]", messages: { notFound: "manage.deleteFailed" }, with: { ok: false } }),
      ),
    ).toEqual({
      status: 404,
      body: { ok: false, error: "manage.deleteFailed" },
    });
  });

  it("throws access denied as the 403 the dashboard pages show, but answers other refusals in the form", () => {
    const denied = thrownBy(() => actionError(new AppError("forbidden", "access.denied"), { log: "[test]" }));
    expect(answered(denied)).toEqual({ status: 403, body: { accessDenied: true } });
    expect(answered(actionError(new AppError("forbidden", "twoFactor.cannotDisable"), { log: "[test]" }))).toEqual({
      status: 403,
      body: { error: "twoFactor.cannotDisable" },
    });
  });

  it("rethrows a database outage (for the 503 page) and React Router's own answers", () => {
    const outage = new Error("Failed query", {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    expect(thrownBy(() => actionError(outage, { log: "[test]" }))).toBe(outage);
    const moved = redirect("/login");
    expect(thrownBy(() => actionError(moved, { log: "[test]" }))).toBe(moved);
  });

  it("logs anything else and answers 500 with the page's message, never the error's details", () => {
    // Both calls below log on purpose; the next test would fail on any other console.error.
    const logged = vi
      .mocked(console.error)
      .mockImplementationOnce(() => {})
      .mockImplementationOnce(() => {});
    const bug = new TypeError("cannot read properties of undefined (secret detail)");
    const result = answered(actionError(bug, { log: "[test] save failed:", fallback: "editor.saveFailed" }));
    expect(result).toEqual({ status: 500, body: { error: "editor.saveFailed" } });
    expect(logged).toHaveBeenCalledWith("[test] save failed:", bug);
    expect(answered(actionError("thrown text", { log: "[test]" }))).toEqual({
      status: 500,
      body: { error: "error.unexpected" },
    });
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockClear();
  });
});
