// The browser tests' clock: a request may say what time it is on the server with an
// `x-test-now` header (an ISO instant), so the tests can visit the site "during Pesach 2027".
// Heard only by a server started with `testClock` (tests/e2e/serve.ts does; server.js never
// does), and such a request is never served from nor stored in the page cache.
import type { IncomingMessage } from "node:http";

export const TEST_NOW_HEADER = "x-test-now";

/** The instant a request's header names, or undefined (no header, or not a date). */
export function testNowOf(req: Pick<IncomingMessage, "headers">): Date | undefined {
  const value = req.headers[TEST_NOW_HEADER];
  if (typeof value !== "string") return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : undefined;
}
