// A test that makes the code under test log an error fails: errors must be expected and asserted.
import { afterEach, vi } from "vitest";

let errors: unknown[][] = [];
const original = console.error;

vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length > 0) {
    throw new Error(
      `console.error was called ${logged.length} time(s); expect it with vi.spyOn(console, "error") if intended. First: ${String(logged[0]?.[0])}`,
    );
  }
});

/** Lets a test declare that it expects the code to log errors. */
export function allowConsoleErrors(): void {
  errors = [];
  vi.mocked(console.error).mockImplementation(() => {});
}
