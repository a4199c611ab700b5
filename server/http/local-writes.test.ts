import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { dropCachesOnWrite } from "./local-writes";

function exchange(method: string, cookie: string | undefined) {
  const req = { method, headers: cookie ? { cookie } : {} } as IncomingMessage;
  const writeHead = vi.fn();
  const res = { statusCode: 200, writeHead } as unknown as ServerResponse;
  return { req, res, writeHead };
}

const SESSION = "theme=x; better-auth.session_token=abc.def";

describe("caches dropped by a write through this process", () => {
  it("are dropped before a successful signed-in write answers", () => {
    const { req, res, writeHead } = exchange("POST", SESSION);
    const drop = vi.fn(() => expect(writeHead).not.toHaveBeenCalled());
    dropCachesOnWrite(req, res, drop);
    res.writeHead(303, { location: "/dashboard" });
    expect(drop).toHaveBeenCalledTimes(1);
    expect(writeHead).toHaveBeenCalledWith(303, { location: "/dashboard" });
  });

  it("are kept for reads, anonymous posts and refused writes", () => {
    for (const [method, cookie, status] of [
      ["GET", SESSION, 200],
      ["POST", undefined, 200],
      ["POST", "__Secure-other=1", 302],
      ["DELETE", SESSION, 403],
      ["POST", SESSION, 400],
    ] as const) {
      const { req, res } = exchange(method, cookie);
      const drop = vi.fn();
      dropCachesOnWrite(req, res, drop);
      res.statusCode = status;
      res.writeHead(status);
      expect(drop, `${method} ${cookie} ${status}`).not.toHaveBeenCalled();
    }
  });
});
