import { execFile } from "node:child_process";
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import {
  batchedLines,
  createLogger,
  loggableUrl,
  logRequestError,
  requestIdOf,
  requestLogger,
  routeConsoleTo,
  type LineSink,
} from "./logger";
import { clientAddresses } from "./client-address";
import type { TrustProxy } from "../config";

/** A log destination kept in memory: one parsed object per line. */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n"))
        if (line !== "") lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe("loggableUrl", () => {
  it("masks one-time tokens in the query and in password-reset paths, and keeps the rest", () => {
    expect(loggableUrl("/verify-email?token=abc.def&lang=he")).toBe("/verify-email?token=[redacted]&lang=he");
    expect(loggableUrl("/api/auth/reset-password/t0k3n?callbackURL=%2Freset-password")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password",
    );
    expect(loggableUrl("/?q=falafel&kashrut=badatz")).toBe("/?q=falafel&kashrut=badatz");
    expect(loggableUrl("/he/restaurants/cafe")).toBe("/he/restaurants/cafe");
  });
});

describe("requestIdOf", () => {
  it("keeps a proxy's well-formed id and replaces anything else with a new UUID", () => {
    expect(requestIdOf("lb-1234.abc:9")).toBe("lb-1234.abc:9");
    for (const bad of [undefined, "", "with space", "x".repeat(129), "<img>", "a\nb"]) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe("requestLogger", () => {
  let server: Server | undefined;
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  async function serve(handler: Parameters<typeof createServer>[1] & object, trustProxy: TrustProxy = ["loopback"]) {
    const log = memoryLog();
    const logRequest = requestLogger(
      createLogger({ level: "info", format: "json" }, log.stream),
      clientAddresses(trustProxy),
    );
    server = createServer((req, res) => {
      logRequest(req, res);
      handler(req, res);
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return { log, base };
  }

  it("writes one line per request with its id (sent back as a header), status and duration, and no cookies or authorization", async () => {
    const { log, base } = await serve((_req, res) =>
      res.writeHead(201, { "Set-Cookie": "session=s3cr3t-cookie" }).end("ok"),
    );
    const response = await fetch(`${base}/dashboard?token=reset-me`, {
      headers: { Cookie: "session=s3cr3t-cookie", Authorization: "Bearer s3cr3t-bearer", "X-Request-Id": "edge-42" },
    });
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(response.headers.get("x-request-id")).toBe("edge-42");
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      level: 30,
      reqId: "edge-42",
      req: { method: "GET", url: "/dashboard?token=[redacted]" },
      res: { statusCode: 201 },
    });
    expect(typeof log.lines[0]?.durationMs).toBe("number");
    expect(JSON.stringify(log.lines)).not.toMatch(/s3cr3t|reset-me/);
  });

  it("takes a request id only from a trusted proxy, and logs the client address rate limits count", async () => {
    const proxied = await serve((_req, res) => res.end("ok"));
    const forwarded = await fetch(proxied.base, {
      headers: { "X-Request-Id": "edge-43", "X-Forwarded-For": "2001:db8:85a3:42::7" },
    });
    await forwarded.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(forwarded.headers.get("x-request-id")).toBe("edge-43");
    expect(proxied.log.lines[0]).toMatchObject({
      reqId: "edge-43",
      req: { client: "2001:db8:85a3:42::/64", remoteAddress: "127.0.0.1" },
    });
    server?.close();
    server?.closeAllConnections();

    const direct = await serve((_req, res) => res.end("ok"), false);
    const forged = await fetch(direct.base, {
      headers: { "X-Request-Id": "forged-1", "X-Forwarded-For": "198.51.100.7" },
    });
    await forged.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(direct.log.lines[0]).toMatchObject({ req: { client: "127.0.0.1" } });
    expect(JSON.stringify(direct.log.lines)).not.toContain("forged-1");
  });

  it("in development (pretty), a request is one line: method, path, status and time", async () => {
    let text = "";
    const terminal = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logRequest = requestLogger(
      createLogger({ level: "info", format: "pretty" }, terminal),
      clientAddresses(["loopback"]),
    );
    server = createServer((req, res) => {
      logRequest(req, res);
      res.end("ok");
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const response = await fetch(
      `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/en/restaurant/x?q=1`,
      {
        headers: { "User-Agent": "test-agent" },
      },
    );
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = text.split("\n").filter((line) => line.trim() !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/INFO.*GET \/en\/restaurant\/x\?q=1 200 [\d.]+ ms$/);
  });

  it("logs a failed request at error level with the error's stack; the visitor's answer has none", async () => {
    const { log, base } = await serve((_req, res) => {
      logRequestError(res, new Error("the disk is on fire"));
      res.writeHead(500, { "Content-Type": "text/plain" }).end("Something went wrong. Please try again.");
    });
    const response = await fetch(`${base}/he`);
    expect(await response.text()).toBe("Something went wrong. Please try again.");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.lines[0]).toMatchObject({
      level: 50,
      res: { statusCode: 500 },
      err: { message: "the disk is on fire" },
    });
    expect(String((log.lines[0]?.err as { stack?: string }).stack)).toContain("logger.test.ts");
  });

  it("sends no request id with hashed assets (they would weigh on every first visit), yet logs them", async () => {
    const { log, base } = await serve((_req, res) => res.end("js"));
    const response = await fetch(`${base}/assets/entry.client-AbC123.js`);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(response.headers.get("x-request-id")).toBeNull();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ req: { url: "/assets/entry.client-AbC123.js" }, res: { statusCode: 200 } });
  });

  it("logs a request the visitor abandoned as aborted", async () => {
    const { log, base } = await serve((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("first part…");
    });
    const controller = new AbortController();
    const response = await fetch(`${base}/slow`, { signal: controller.signal });
    expect(response.status).toBe(200);
    controller.abort();
    for (let i = 0; i < 50 && log.lines.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.lines[0]).toMatchObject({ aborted: true, req: { url: "/slow" } });
    expect(log.lines[0]?.msg).toMatch(/^GET \/slow aborted /);
  });

  it("tells the metrics of each answered request from its own listener, with its time, and not of an abandoned one", async () => {
    const answered: { url: string | undefined; status: number; seconds: number; listeners: number }[] = [];
    const logRequest = requestLogger(
      createLogger({ level: "info", format: "json" }, memoryLog().stream),
      clientAddresses(["loopback"]),
      (req, res, seconds) =>
        answered.push({ url: req.url, status: res.statusCode, seconds, listeners: res.listenerCount("close") }),
    );
    let slowClosed = false;
    server = createServer((req, res) => {
      logRequest(req, res);
      if (req.url === "/slow") {
        res.on("close", () => (slowClosed = true));
        res.writeHead(200, { "Content-Type": "text/plain" }).write("first part…");
        return;
      }
      setTimeout(() => res.writeHead(404).end("gone"), 30);
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    await (await fetch(`${base}/missing`)).text();
    const controller = new AbortController();
    await fetch(`${base}/slow`, { signal: controller.signal });
    controller.abort();
    for (let i = 0; i < 50 && !slowClosed; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(slowClosed).toBe(true);
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ url: "/missing", status: 404, listeners: 1 });
    expect(answered[0]?.seconds).toBeGreaterThanOrEqual(0.025);
    expect(answered[0]?.seconds).toBeLessThan(5);
  });

  it("writes a request's line byte for byte as pino would, escapes included, and leaves the header to the caller when asked", async () => {
    let text = "";
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = createLogger({ level: "info", format: "json" }, destination);
    const logRequest = requestLogger(logger, clientAddresses(["loopback"]));
    const ids: (string | undefined)[] = [];
    server = createServer((req, res) => {
      ids.push(logRequest(req, res, true));
      res.end("ok");
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const response = await fetch(`${base}/he/search?q=${encodeURIComponent('שווארמה "טובה"\\')}&token=abc`, {
      headers: { "X-Request-Id": "edge-44", "User-Agent": 'agent "quoted" \\ ünïcode' },
    });
    await response.text();
    const assetResponse = await fetch(`${base}/assets/entry.client-AbC123.js`);
    await assetResponse.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The caller sends the id (the page cache does, with a hit's other headers): none was set here.
    expect(response.headers.get("x-request-id")).toBeNull();
    expect(ids[0]).toBe("edge-44");
    expect(ids[1]).toBeUndefined();
    const [line, assetLine] = text.split("\n");
    const written = JSON.parse(line ?? "") as { time: number; durationMs: number; req: Record<string, string> };
    expect(written.req.url).toMatch(/^\/he\/search\?q=%D7%A9.*%22.*&token=\[redacted\]$/);
    expect(written.req.userAgent).toBe('agent "quoted" \\ ünïcode');
    expect((written as unknown as { msg: string }).msg).toBe(`GET ${written.req.url} 200 ${written.durationMs} ms`);
    // What pino itself writes for the same fields (its own serialiser) is the very same line.
    let expected = "";
    const reference = createLogger(
      { level: "info", format: "json" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          expected += chunk.toString();
          done();
        },
      }),
    );
    const { time: _time, level: _level, pid: _pid, msg, ...fields } = JSON.parse(line ?? "") as Record<string, unknown>;
    reference.info(fields, String(msg));
    const withoutTime = (raw: string) => raw.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(line ?? "")).toBe(withoutTime(expected.trimEnd()));
    expect(JSON.parse(assetLine ?? "")).toMatchObject({ reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it("keeps health and metrics probes out of the info-level log", async () => {
    const { log, base } = await serve((_req, res) => res.end("ok"));
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/metrics`)).text();
    await (await fetch(`${base}/`)).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.lines.map((line) => (line.req as { url: string }).url)).toEqual(["/"]);
  });
});

/** A writer that keeps what it is handed, and can fail as standard output does. */
function fakeSink() {
  const batches: Buffer[] = [];
  let flushedSync = 0;
  const events = new EventEmitter();
  const sink: LineSink = {
    write: (batch) => batches.push(batch),
    flushSync: () => (flushedSync += 1),
    on: (event, listener) => events.on(event, listener),
  };
  const fail = (code: string) => events.emit("error", Object.assign(new Error(code), { code }));
  return { sink, batches, fail, flushedSync: () => flushedSync };
}

describe("batchedLines", () => {
  const line = (n: number) => `{"level":30,"msg":"GET /he/restaurant/בית-קפה-${n} 200"}\n`;

  it("hands every line on once, in order and whole (Hebrew included), in a few large batches", () => {
    const { sink, batches } = fakeSink();
    const stream = batchedLines(sink);
    const written = Array.from({ length: 2_000 }, (_, n) => line(n));
    for (const one of written) stream.write(one);
    stream.flush();
    expect(Buffer.concat(batches).toString("utf8")).toBe(written.join(""));
    // A batch ends on a line's end, and is far larger than a line: one write for hundreds of them.
    for (const batch of batches) expect(batch.toString("utf8").endsWith("\n")).toBe(true);
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(written.join("").length / 65_536) + 1);
    expect(batches.length).toBeGreaterThan(1);
  });

  it("keeps a quiet server's lines until the flush, and writes what is left synchronously at exit", () => {
    const { sink, batches, flushedSync } = fakeSink();
    const stream = batchedLines(sink);
    stream.write(line(1));
    expect(batches).toHaveLength(0);
    stream.flush();
    expect(batches.map(String)).toEqual([line(1)]);
    stream.write(line(2));
    stream.flushSync();
    expect(batches.map(String)).toEqual([line(1), line(2)]);
    expect(flushedSync()).toBe(1);
    // pino's logger.flush(done) waits for done.
    const logger = createLogger({ level: "info", format: "json" }, stream);
    logger.info("after");
    let flushed = false;
    logger.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    expect(JSON.parse(String(batches.at(-1)))).toMatchObject({ msg: "after" });
  });

  it("stops logging quietly when standard output's reader has gone, and throws any other write error", () => {
    const { sink, batches, fail } = fakeSink();
    const stream = batchedLines(sink);
    expect(() => fail("EIO")).toThrow("EIO");
    fail("EPIPE");
    stream.write(line(1));
    stream.flush();
    stream.flushSync();
    expect(batches).toHaveLength(0);
  });

  it("in a real process, every line reaches standard output in order, the last ones at exit", async () => {
    const script = [
      'import { createLogger } from "./server/http/logger.ts";',
      'const logger = createLogger({ level: "info", format: "json" });',
      "for (let n = 0; n < 500; n++) logger.info(`line ${n} שורה`);",
      "process.exit(0);",
    ].join("\n");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 },
    );
    const messages = stdout
      .trim()
      .split("\n")
      .map((text) => (JSON.parse(text) as { msg: string }).msg);
    expect(messages).toEqual(Array.from({ length: 500 }, (_, n) => `line ${n} שורה`));
  });
});

describe("routeConsoleTo", () => {
  it("turns console lines into log lines, an Error into `err` with its stack, and Node's warnings into warnings", () => {
    const log = memoryLog();
    const saved = { ...console };
    const warningListeners = process.listeners("warning");
    try {
      routeConsoleTo(createLogger({ level: "info", format: "json" }, log.stream));
      console.log("[demo] loaded %d restaurants", 40);
      console.error("[reports] notice e-mail failed:", new Error("SMTP refused"));
      process.emit(
        "warning",
        Object.assign(new Error("Node 20 support ends soon"), { name: "NodeVersionSupportWarning" }),
      );
    } finally {
      Object.assign(console, saved);
      process.removeAllListeners("warning");
      for (const listener of warningListeners) process.on("warning", listener);
    }
    expect(log.lines[0]).toMatchObject({ level: 30, msg: "[demo] loaded 40 restaurants" });
    expect(log.lines[1]).toMatchObject({
      level: 50,
      msg: "[reports] notice e-mail failed:",
      err: { message: "SMTP refused" },
    });
    expect(String((log.lines[1]?.err as { stack?: string }).stack)).toContain("Error: SMTP refused");
    // Node's warnings are warn-level lines, not errors.
    expect(log.lines[2]).toMatchObject({
      level: 40,
      warning: "NodeVersionSupportWarning",
      msg: "Node 20 support ends soon",
    });
  });
});
