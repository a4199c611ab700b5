// The server's log: JSON lines (pino) for operators, readable lines in development. One line per
// request, with its id (also sent back as X-Request-Id), status and duration; an error's stack
// goes to the log only, never to the visitor. A request line is built from an allow-list (method,
// path, address, user agent), never from headers, so cookies and authorization never reach the
// log; the tokens some links carry (password resets, e-mail verification) are masked.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { format } from "node:util";
import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import SonicBoom from "sonic-boom";
import { matchRoute } from "../../app/route-facts";
import type { ClientAddresses } from "./client-address";
import { pathOfUrl } from "./requests";

export type LogFormat = "json" | "pretty";
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

export const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The longest a log line waits in the buffer on a quiet server. */
const FLUSH_EVERY_MS = 1_000;

/**
 * Loggers that write plain JSON lines as pino formats them (no pretty printing, no serialisers of
 * our own): a request's line may be written to their stream directly (requestLine).
 */
const jsonLoggers = new WeakSet<Logger>();

export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options = {
    level: settings.level,
    base: { pid: process.pid },
  };
  if (settings.format === "pretty") {
    // Synchronous, in this thread: lines keep their order with anything else on the terminal.
    // A request is one line in development: its message says method, path, status and time;
    // the fields behind it (id, address, user agent) are for the JSON log. An error's stack
    // still follows its line.
    return pino(
      options,
      pretty({
        sync: true,
        ignore: "pid,hostname,reqId,req,res,durationMs,aborted",
        translateTime: "HH:MM:ss.l",
        ...(destination ? { destination } : {}),
      }),
    );
  }
  if (destination) return json(pino(options, destination));
  // Written asynchronously in batches of up to 64 KB (one write for some two hundred lines under
  // load), and at least every second when it is quiet; a slow reader of standard output never
  // stalls a request. What is left is written when the process exits.
  // In buffer mode sonic-boom's write takes a Buffer, which its types (string only) do not say.
  const writer = new SonicBoom({ fd: 1, sync: false, minLength: 0, contentMode: "buffer" }) as unknown as LineSink;
  const stream = batchedLines(writer);
  process.on("exit", () => stream.flushSync());
  setInterval(() => stream.flush(), FLUSH_EVERY_MS).unref();
  return json(pino(options, stream));
}

/**
 * Lines are handed to the writer in batches of at most this many bytes: a pipe's capacity. Each
 * write is a trip through libuv's thread pool, which cost the server more than the write itself
 * (4 KB batches: a cached page 1.5–2 µs slower than 64 KB ones). A quiet server's lines still go
 * out within a second (FLUSH_EVERY_MS).
 */
const BATCH_BYTES = 65_536;

/** What batchedLines hands its batches to: sonic-boom in buffer mode, or a test's stand-in. */
export interface LineSink {
  write(batch: Buffer): unknown;
  flushSync(): void;
  on(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * A log destination that encodes each line into a batch as it comes (no string is kept waiting)
 * and hands the batches on in order to sonic-boom (pino's asynchronous writer). Given one string
 * per line, sonic-boom measured its whole pending chunk again for each (Buffer.byteLength of up to
 * 16 KB): 3.3–4.3 µs a line on its own, against about 1 µs batched; in the server a cached page
 * cost about 5 µs less (strings gathered and joined per batch: 3 µs). When the reader of
 * standard output has gone (EPIPE) the log stops, as pino's own destination does; any other write
 * error is thrown.
 */
export function batchedLines(
  sink: LineSink,
): DestinationStream & { flush(done?: (error?: Error) => void): void; flushSync(): void } {
  let batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  let closed = false;
  sink.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  const hand = () => {
    if (used === 0) return;
    const full = batch.subarray(0, used);
    batch = Buffer.allocUnsafe(BATCH_BYTES);
    used = 0;
    sink.write(full);
  };
  return {
    write(line: string) {
      if (closed) return;
      // A line is encoded as it comes (UTF-8 takes at most 3 bytes for a UTF-16 unit); one longer
      // than a batch goes on alone.
      if (used + line.length * 3 > BATCH_BYTES) {
        hand();
        if (line.length * 3 > BATCH_BYTES) {
          sink.write(Buffer.from(line));
          return;
        }
      }
      used += batch.write(line, used);
    },
    // pino's `logger.flush(done)` waits for `done`: the batch is with the writer by then.
    flush(done?: (error?: Error) => void) {
      if (!closed) hand();
      done?.();
    },
    flushSync() {
      if (closed) return;
      hand();
      sink.flushSync();
    },
  };
}

function json(logger: Logger): Logger {
  jsonLoggers.add(logger);
  return logger;
}

/** What pino keeps on a logger: the stream it writes to, and its bindings as JSON (`,"pid":123`). */
interface PinoInternals {
  [key: symbol]: unknown;
}

/**
 * A request's fields, as the log line has them (pino drops those left undefined). The id, method,
 * addresses, status and duration hold no character JSON escapes (a UUID or a trusted proxy's id of
 * REQUEST_ID's characters, a method Node's parser accepted, IP addresses, numbers), so they are
 * written between quotes as they are; the path comes already as JSON (`urlJson`, kept per address).
 */
interface RequestLine {
  reqId: string;
  method: string;
  urlJson: string;
  client: string;
  remoteAddress: string | undefined;
  userAgent: string | undefined;
  statusCode: number;
  /** The duration as JSON writes it (`0.4`). */
  durationMs: string;
  aborted: boolean;
}

/**
 * An info line exactly as pino writes `logger.info({ reqId, req, res, durationMs, aborted? }, msg)`
 * for a JSON logger, with the message `METHOD path status|aborted duration ms`, built without its
 * general serialiser (a tenth of a cached page's time went to it), the fields in pino's order. The
 * message's JSON is its parts' JSON joined: JSON escapes a string one character at a time.
 */
export function requestLine(bindings: string, time: number, line: RequestLine): string {
  const path = line.urlJson.slice(1, -1);
  const remote = line.remoteAddress === undefined ? "" : `,"remoteAddress":"${line.remoteAddress}"`;
  const agent = line.userAgent === undefined ? "" : `,"userAgent":${JSON.stringify(line.userAgent)}`;
  const outcome = line.aborted ? "aborted" : line.statusCode;
  return (
    `{"level":30,"time":${time}${bindings},"reqId":"${line.reqId}","req":{"method":"${line.method}","url":${line.urlJson},` +
    `"client":"${line.client}"${remote}${agent}},"res":{"statusCode":${line.statusCode}},"durationMs":${line.durationMs}` +
    `${line.aborted ? ',"aborted":true' : ""},"msg":"${line.method} ${path} ${outcome} ${line.durationMs} ms"}\n`
  );
}

/** Query parameters that carry a secret (one-time links, codes); their values are masked on every route. */
const SECRET_PARAMS = new Set(["token", "code", "otp", "password", "secret", "key"]);

/** A path as fit for a log: a route whose path carries a secret (app/route-facts.ts) is written as its pattern, the secret "[redacted]". */
function loggablePath(path: string): string {
  const { pattern, facts } = matchRoute(path);
  return facts.secret ? pattern.replace(/:\w+/g, "[redacted]") : path;
}

/** The request's path and query as fit for a log: secret values replaced by "[redacted]". */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const pathname = loggablePath(queryAt === -1 ? url : url.slice(0, queryAt));
  if (queryAt === -1) return pathname;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) params.set(name, "[redacted]");
  }
  const query = params.toString().replaceAll("%5Bredacted%5D", "[redacted]");
  return query === "" ? pathname : `${pathname}?${query}`;
}

/**
 * Each address as the log writes it (loggableUrl) and as JSON, made once: most requests are for a
 * few hundred addresses. Only addresses with nothing masked are kept (a one-time token stays out of
 * the process's memory). Bounded: addresses are the visitors' to choose, so it starts again when full.
 */
const LOGGABLE_MEMO_LIMIT = 2_000;
const loggableMemo = new Map<string, { text: string; json: string }>();

function loggableOf(url: string): { text: string; json: string } {
  const known = loggableMemo.get(url);
  if (known) return known;
  const text = loggableUrl(url);
  const made = { text, json: JSON.stringify(text) };
  if (text !== url) return made;
  if (loggableMemo.size >= LOGGABLE_MEMO_LIMIT) loggableMemo.clear();
  loggableMemo.set(url, made);
  return made;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A trusted proxy's X-Request-Id when it looks like one (so lines join across hops), else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Probes poll these every few seconds: their lines are debug-level, to keep the log readable. */
const PROBE_PATHS = new Set(["/healthz", "/metrics"]);

/**
 * The error a failed request ended with, for its log line (set by the app's error handler), kept on
 * the response itself: a WeakMap entry per request cost about half a microsecond, most of it in the
 * garbage collector.
 */
const OUTCOME = Symbol("request outcome");
type Logged = ServerResponse & { [OUTCOME]?: { error?: Error } };

/**
 * Puts the error behind a 5xx on the request's own log line (stack included). False when this
 * request is not being logged (the app driven in-process by tests): the caller logs it instead.
 */
export function logRequestError(res: ServerResponse, error: unknown): boolean {
  const outcome = (res as Logged)[OUTCOME];
  if (!outcome) return false;
  outcome.error = error instanceof Error ? error : new Error(String(error));
  return true;
}

/**
 * Logs every request when it ends (one line), after giving it an id and sending that id back.
 * Hashed assets get no X-Request-Id header: they are fetched once and kept a year, nobody reports
 * one, and on a first visit two dozen of them would add a kilobyte of headers to the page's weight.
 * (Written here rather than with pino-http, which cost about four times as much per request.)
 * Returns the id the answer carries (undefined for an asset). With `deferHeader` the caller sends
 * it: the page cache writes a hit's headers all at once, which it cannot after one is set.
 * `answered` is told of every request whose answer was sent, with its time in seconds, from the
 * same listener (the metrics count there: a second listener per request cost about a microsecond).
 */
export function requestLogger(
  logger: Logger,
  clients: Pick<ClientAddresses, "of" | "fromTrustedPeer">,
  answered?: (req: IncomingMessage, res: ServerResponse, seconds: number) => void,
): (req: IncomingMessage, res: ServerResponse, deferHeader?: boolean) => string | undefined {
  const internals = logger as unknown as PinoInternals;
  // A JSON logger's info lines are written straight to its stream (requestLine); others (pretty) go through pino.
  const stream = internals[pino.symbols.streamSym] as (DestinationStream & PinoInternals) | undefined;
  const direct =
    jsonLoggers.has(logger) && stream && !stream[pino.symbols.needsMetadataGsym]
      ? {
          stream,
          bindings: String(internals[pino.symbols.chindingsSym] ?? ""),
        }
      : undefined;
  return (req, res, deferHeader = false) => {
    const started = process.hrtime.bigint();
    // Only a proxy we trust may name the request (so its lines and ours join); a visitor's own
    // X-Request-Id could forge or muddle the log.
    const id = clients.fromTrustedPeer(req) ? requestIdOf(req.headers["x-request-id"]) : randomUUID();
    const path = pathOfUrl(req.url ?? "/");
    const sent = path.startsWith("/assets/") ? undefined : id;
    if (sent !== undefined && !deferHeader) res.setHeader("X-Request-Id", sent);
    const outcome: { error?: Error } = {};
    (res as Logged)[OUTCOME] = outcome;
    // `on`, not `once`: a response closes once, and once's wrapper cost a third of a microsecond.
    res.on("close", () => {
      const elapsed = Number(process.hrtime.bigint() - started);
      const durationMs = Math.round(elapsed / 1e5) / 10;
      const finished = res.writableFinished;
      if (answered && finished) answered(req, res, elapsed / 1e9);
      const status = res.statusCode;
      const level = outcome.error || status >= 500 ? "error" : PROBE_PATHS.has(path) ? "debug" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const url = loggableOf(req.url ?? "/");
      if (direct && level === "info") {
        direct.stream.write(
          requestLine(direct.bindings, Date.now(), {
            reqId: id,
            method: req.method ?? "GET",
            urlJson: url.json,
            client: clients.of(req),
            remoteAddress: req.socket.remoteAddress,
            userAgent: req.headers["user-agent"],
            statusCode: status,
            durationMs: String(durationMs),
            aborted: !finished,
          }),
        );
        return;
      }
      logger[level](
        {
          reqId: id,
          // `client` is the address rate limits count (behind trusted proxies; an IPv6 one by its /64).
          req: {
            method: req.method,
            url: url.text,
            client: clients.of(req),
            remoteAddress: req.socket.remoteAddress,
            userAgent: req.headers["user-agent"],
          },
          res: { statusCode: status },
          durationMs,
          ...(finished ? {} : { aborted: true }),
          ...(outcome.error ? { err: outcome.error } : {}),
        },
        `${req.method} ${url.text} ${finished ? status : "aborted"} ${durationMs} ms`,
      );
    });
    return sent;
  };
}

/**
 * Sends the process's console lines (libraries', and the app's own diagnostics) to the log, so
 * an operator reads one format: an Error argument becomes the line's `err`, with its stack.
 */
export function routeConsoleTo(logger: Logger): void {
  const write =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const rest = error ? args.filter((arg) => arg !== error) : args;
      const message = format(...rest);
      if (error) logger[level]({ err: error }, message === "" ? error.message : message);
      else logger[level](message);
    };
  console.log = write("info");
  // eslint-disable-next-line no-console -- replaced, not called: libraries write through it
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
  // Node's own warnings (a deprecation, a library's notice) are warnings, not errors.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => logger.warn({ warning: warning.name }, warning.message));
}
