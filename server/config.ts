// Configuration, parsed once at start-up. A bad value stops the process with a message naming it.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const postgresUrl = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must be a postgres:// or postgresql:// URL with a host, e.g. postgres://user:pass@127.0.0.1:5432/kosher");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  CONTACT_EMAIL: z.email("must be an e-mail address").default("contact@kosher-tel-aviv.example"),
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^/]+/.test(value), "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Kosher Tel Aviv <no-reply@kosher-tel-aviv.example>"),
  REQUIRE_2FA_FOR_ADMINS: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
});

export interface Config {
  mode: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  contactEmail: string;
  /** Load demo data (and demo accounts) into an empty database. Never in production. */
  demoData: boolean;
  /** SMTP server for e-mail; absent means the development outbox in `dataDir/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Administrators must set up two-factor sign-in before they can use the dashboard. */
  requireTwoFactorForAdmins: boolean;
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
    throw new ConfigError("Invalid configuration:\n  DEMO_DATA: demo data and demo accounts are refused when NODE_ENV=production");
  }

  return {
    mode: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir),
    contactEmail: e.CONTACT_EMAIL,
    demoData: isProduction ? false : e.DEMO_DATA !== "false",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    requireTwoFactorForAdmins: e.REQUIRE_2FA_FOR_ADMINS === "true",
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
