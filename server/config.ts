// Configuration, parsed once at start-up. A bad value stops the process with a message naming it.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { brandName } from "../app/lib/i18n/brand";
import type { MapTiles, ReviewSettings } from "../app/lib/context";
import { LOG_LEVELS, type LogSettings } from "./http/logger";
import type { TrustProxy } from "./http/client-address";

const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
  } catch {
    return false;
  }
}, "must be a postgres:// or postgresql:// URL with a host, e.g. postgres://user:pass@127.0.0.1:5432/kosher");

const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One entry of TRUST_PROXY's address list: a named range, an address, or address/prefix. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the visitor is (X-Forwarded-For), as Express's `trust proxy` takes it:
 * `false` (none: the socket's address), a hop count, or addresses/ranges. `true` is refused — it
 * would let any visitor pick their own address and with it their own rate-limit bucket.
 */
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (text === "false") return false;
  if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: "custom",
    message:
      "must be false, a hop count (0–10, e.g. 1 behind one load balancer) or a comma-separated list of proxy addresses or ranges (loopback, linklocal, uniquelocal, 10.0.0.0/8, ::1); `true` would trust any visitor's X-Forwarded-For",
  });
  return z.NEVER;
});

// What Express's `trust proxy` setting receives is the client address reader's type; named here too for the settings' readers.
export type { TrustProxy };

export const DEFAULT_TILES: MapTiles = {
  url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: "© OpenStreetMap contributors",
  attributionUrl: "https://www.openstreetmap.org/copyright",
};

/** The origin tiles come from (for the CSP's img-src). */
export function tileOrigin(tiles: Pick<MapTiles, "url">): string {
  return new URL(tiles.url.replace(/\{[a-z]\}/g, "0")).origin;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Outside production the site is for this machine only unless HOST says otherwise (see hostOf). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  CONTACT_EMAIL: z.email("must be an e-mail address").default("contact@kosher-tel-aviv.example"),
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  SMTP_URL: z
    .string()
    .refine(
      (value) => /^smtps?:\/\/[^/]+/.test(value),
      "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587",
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3)
    .default(`${brandName("en")} <no-reply@kosher-tel-aviv.example>`),
  TRUST_PROXY: trustProxy.default(["loopback"]),
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(30),
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  UPLOAD_GRACE_HOURS: z.coerce
    .number({ message: "must be a number of hours" })
    .min(1, "must be at least 1 (an upload needs time to be saved with its form)")
    .max(24 * 365, "must be at most 8760 (a year)")
    .default(24),
  // After this many days without a verification, a listing says its information may be out of date.
  VERIFICATION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3_650).default(180),
  // Days after a certificate's last day during which it shows "renewal pending", not "expired".
  CERTIFICATE_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  // Reviews wait for an admin when their account is this young (days), or in a burst: more than
  // this many reviews of one place, or by one account, within a day.
  REVIEW_NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  REVIEW_BURST_PER_PLACE: z.coerce.number().int().min(1).max(1_000).default(5),
  REVIEW_BURST_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(3),
  REQUIRE_2FA_FOR_ADMINS: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
  // The maps' tiles: OpenStreetMap's standard tiles unless configured; the CSP allows this host.
  MAP_TILE_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .refine(
      (value) => ["{z}", "{x}", "{y}"].every((part) => value.includes(part)),
      "must hold {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    )
    .default(DEFAULT_TILES.url),
  MAP_ATTRIBUTION: z.string().trim().min(1).max(200).default(DEFAULT_TILES.attribution),
  MAP_ATTRIBUTION_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
    .default(DEFAULT_TILES.attributionUrl),
  // Where uploads live: local disk by default, or an S3-compatible bucket.
  STORAGE: z.enum(["local", "s3"], { message: "must be local or s3" }).default("local"),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3–63 lowercase letters, digits, dots and hyphens)",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "must be a region name such as eu-central-1 (or auto)")
    .default("us-east-1"),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      message: "must be an http(s) URL, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000",
    })
    .optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  UPLOADS_PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL, e.g. https://cdn.example.com/uploads" })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"], { message: "must be json or pretty" }).optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -hex 16`)").optional(),
  // Page views, taps and searches that found nothing, counted in memory and written in batches.
  STATISTICS: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  STATISTICS_WRITE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
});

/** An S3-compatible bucket for uploads. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2); absent means AWS itself. */
  endpoint?: string;
  /** Bucket in the path (most S3-compatible services) rather than in the host name. */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY; absent means the SDK's own chain (an instance role, say). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where visitors fetch files from directly (a CDN in front of the bucket); absent means through the app. */
  publicUrl?: string;
}

export type StorageConfig = { kind: "local"; dir: string } | ({ kind: "s3" } & S3StorageConfig);

export interface Config {
  mode: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  /** The embedded database's folder, `dataDir/db` (used when there is no `databaseUrl`). */
  pgliteDir: string;
  publicUrl: string;
  authSecret: string;
  contactEmail: string;
  /** Load demo data (and demo accounts) into an empty database. Never in production. */
  demoData: boolean;
  /** SMTP server for e-mail; absent means the development outbox in `dataDir/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Express's `trust proxy`: who may set X-Forwarded-For (rate limits count by the address it gives). */
  trustProxy: TrustProxy;
  /** How long an idle kept-alive connection stays open; above a load balancer's own idle timeout. */
  keepAliveSeconds: number;
  /** Open live-update streams allowed per client address, and in all, in this process. */
  liveStreams: { perClient: number; total: number };
  /** How long an upload no restaurant uses is kept before the clean-up removes it (default 24 h). */
  uploadGraceHours: number;
  /** Administrators must set up two-factor sign-in before they can use the dashboard. */
  requireTwoFactorForAdmins: boolean;
  verificationMaxAgeDays: number;
  /** A certificate's grace period after its last day (CERTIFICATE_GRACE_DAYS, default 30). */
  certificateGraceDays: number;
  mapTiles: MapTiles;
  reviews: ReviewSettings;
  /** Image hosts the CSP names besides https: (the map's tile host), for live and cached pages alike. */
  imageOrigins: string[];
  /** Bearer token for /metrics; without one, /metrics is off in production (open in development). */
  metricsToken: string | undefined;
  /** Where uploads are kept. */
  storage: StorageConfig;
  /** The log's level and format: JSON lines except in development, where they are pretty. */
  log: LogSettings;
  /** Whether views, taps and missed searches are counted, and how often the counts are written. */
  statistics: { enabled: boolean; writeEveryMs: number };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Treat empty strings as unset, as shells and .env files often produce them. */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== "") out[key] = value;
  }
  return out;
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(cleanEnv(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);

  if (isProduction && !e.AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production (at least 32 random characters, e.g. `openssl rand -hex 32`)",
    );
  }
  if (isProduction && e.DEMO_DATA === "true") {
    throw new ConfigError(
      "Invalid configuration:\n  DEMO_DATA: demo data and demo accounts are refused when NODE_ENV=production",
    );
  }

  const storage = storageOf(e, dataDir);
  return {
    mode: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: pgliteDirIn(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir),
    contactEmail: e.CONTACT_EMAIL,
    demoData: isProduction ? false : e.DEMO_DATA !== "false",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    keepAliveSeconds: e.HTTP_KEEP_ALIVE_SECONDS,
    liveStreams: { perClient: e.LIVE_STREAMS_PER_CLIENT, total: e.LIVE_STREAMS_MAX },
    uploadGraceHours: e.UPLOAD_GRACE_HOURS,
    requireTwoFactorForAdmins: e.REQUIRE_2FA_FOR_ADMINS === "true",
    verificationMaxAgeDays: e.VERIFICATION_MAX_AGE_DAYS,
    certificateGraceDays: e.CERTIFICATE_GRACE_DAYS,
    reviews: {
      newAccountDays: e.REVIEW_NEW_ACCOUNT_DAYS,
      burstPerPlace: e.REVIEW_BURST_PER_PLACE,
      burstPerAccount: e.REVIEW_BURST_PER_ACCOUNT,
    },
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, attributionUrl: e.MAP_ATTRIBUTION_URL },
    imageOrigins: [
      tileOrigin({ url: e.MAP_TILE_URL }),
      ...(storage.kind === "s3" && storage.publicUrl ? [new URL(storage.publicUrl).origin] : []),
    ],
    metricsToken: e.METRICS_TOKEN,
    storage,
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? (e.NODE_ENV === "development" ? "pretty" : "json") },
    statistics: { enabled: e.STATISTICS === "on", writeEveryMs: e.STATISTICS_WRITE_SECONDS * 1000 },
  };
}

/** The embedded database's folder in a DATA_DIR (as `Config.pgliteDir`), for tests and tools that have only the folder. */
export function pgliteDirIn(dataDir: string): string {
  return path.join(dataDir, "db");
}

/**
 * Where the server listens, for its start-up line: the URL to open, and whether other machines
 * can reach it (a development server with the demo admin should not be, by surprise).
 */
export function listeningOn(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::") return `on every network interface, port ${port} (http://localhost:${port})`;
  const shown = host.includes(":") ? `[${host}]` : host;
  const local = host === "localhost" || host === "::1" || host.startsWith("127.");
  return `on http://${shown}:${port}${local ? " (this machine only; HOST=0.0.0.0 opens it to the network)" : ""}`;
}

function storageOf(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (e.STORAGE === "local") return { kind: "local", dir: path.join(dataDir, "uploads") };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push("  S3_BUCKET: required when STORAGE=s3 (the bucket's name)");
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    problems.push("  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: give both, or neither to use the instance's role");
  }
  if (problems.length > 0 || !e.S3_BUCKET) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    ...(e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } }
      : {}),
    ...(e.UPLOADS_PUBLIC_URL ? { publicUrl: e.UPLOADS_PUBLIC_URL.replace(/\/+$/, "") } : {}),
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
