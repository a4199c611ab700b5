// A write made through this process must show on the very next request, even before the
// database's change announcement (which travels on another connection) has arrived. So a
// signed-in write request that succeeds drops the caches itself, before its answer leaves.
import type { IncomingMessage, ServerResponse } from "node:http";
import { hasSessionCookie, isSafeMethod } from "./requests";

/** Calls `dropCaches` just before a successful signed-in write request's status line is written. */
export function dropCachesOnWrite(req: IncomingMessage, res: ServerResponse, dropCaches: () => void): void {
  if (isSafeMethod(req.method) || !hasSessionCookie(req.headers.cookie)) return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    if (status < 400) dropCaches();
    return writeHead(...args);
  }) as typeof res.writeHead;
}
