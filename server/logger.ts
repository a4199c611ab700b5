// The server's log: JSON lines (pino) for operators, readable lines in development. One line per
// request, with its id (also sent back as X-Request-Id), status and duration; an error's stack
// goes to the log only, never to the visitor. Cookies, authorization headers and the tokens some
// links carry (password resets, e-mail verification) never reach the log.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { format } from "node:util";
import { pino, type DestinationStream, type Logger } from "pino";
import { pinoHttp, type HttpLogger } from "pino-http";
import pretty from "pino-pretty";

export type LogFormat = "json" | "pretty";
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

export const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Header names whose values are secrets wherever they appear in a logged object. */
const SECRET_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
];

export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options = {
    level: settings.level,
    base: { pid: process.pid },
    redact: { paths: SECRET_PATHS, censor: "[redacted]" },
  };
  if (destination) return pino(options, destination);
  if (settings.format === "pretty") {
    // Synchronous, in this thread: lines keep their order with anything else on the terminal.
    return pino(options, pretty({ sync: true, ignore: "pid,hostname", translateTime: "HH:MM:ss.l" }));
  }
  // Written synchronously: the last lines before an exit are never lost in a buffer.
  return pino(options, pino.destination({ sync: true }));
}

/** Query parameters that carry a secret (one-time links, codes); their values are masked. */
const SECRET_PARAMS = new Set(["token", "code", "otp", "password", "secret", "key"]);
/** Paths whose last segment is a secret token (better-auth's password-reset links). */
const SECRET_SEGMENT = /^(\/api\/auth\/reset-password\/)[^/?]+/;

/** The request's path and query as fit for a log: secret values replaced by "[redacted]". */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const pathname = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_SEGMENT, "$1[redacted]");
  if (queryAt === -1) return pathname;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) params.set(name, "[redacted]");
  }
  const query = params.toString().replaceAll("%5Bredacted%5D", "[redacted]");
  return query === "" ? pathname : `${pathname}?${query}`;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A proxy's X-Request-Id when it looks like one (so lines join across hops), else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Probes poll these every few seconds: their lines are debug-level, to keep the log readable. */
const PROBE_PATHS = new Set(["/healthz", "/metrics"]);

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** Logs every request when it ends (one line), after giving it an id and sending that id back. */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestIdOf(req.headers["x-request-id"]);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // The request's own logger (req.log) does not repeat the request on every line it writes.
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: loggableUrl(req.url ?? "/"),
        remoteAddress: req.socket?.remoteAddress,
        userAgent: req.headers["user-agent"],
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      return PROBE_PATHS.has(pathOf(req)) ? "debug" : "info";
    },
    customSuccessMessage: (req, res, ms) => `${req.method} ${loggableUrl(req.url ?? "/")} ${res.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${loggableUrl(req.url ?? "/")} ${res.statusCode} failed`,
    customAttributeKeys: { responseTime: "durationMs" },
  });
}

/**
 * Sends the process's console lines (libraries', and the app's own diagnostics) to the log, so
 * an operator reads one format: an Error argument becomes the line's `err`, with its stack.
 */
export function routeConsoleTo(logger: Logger): void {
  const write = (level: "info" | "warn" | "error") => (...args: unknown[]) => {
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
