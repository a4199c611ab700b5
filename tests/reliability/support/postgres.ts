// A private PostgreSQL server owned by one test file: initdb into a temporary folder, a free port
// on 127.0.0.1, trust authentication, its socket in the same folder. Tests stop it (as a crash or
// an outage) and start it again on the same port. PostgreSQL refuses to run as root, so as root
// the binaries run as the `postgres` user through runuser.
import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../setup/server-process";

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://…/postgres on 127.0.0.1 (trust auth). */
  url: string;
  port: number;
  /** Stops the server: "immediate" is a crash (recovery on the next start), "fast" a clean stop. */
  stop(mode?: "immediate" | "fast"): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  destroy(): Promise<void>;
  /** The server log, for failure messages. */
  log(): string;
}

/** The folder holding initdb and pg_ctl (newest version), or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter(
      (name) =>
        existsSync(path.join(root, name, "bin", "pg_ctl")) && existsSync(path.join(root, name, "bin", "initdb")),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

/**
 * Why a test needing PostgreSQL cannot run here, or undefined when it can. Outside CI such a test
 * is skipped with a loud warning; under CI=true the caller fails instead (see requirePostgres).
 */
export function postgresUnavailableReason(): string | undefined {
  if (!findPostgresBin())
    return "no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (install the postgresql package)";
  if (process.getuid?.() === 0 && !userExists("postgres"))
    return "running as root and there is no `postgres` user to run PostgreSQL as";
  return undefined;
}

/** True when the PostgreSQL test should run; warns loudly when it is skipped, throws under CI. */
export function requirePostgres(what: string): boolean {
  const reason = postgresUnavailableReason();
  if (!reason) return true;
  if (process.env.CI === "true") throw new Error(`${what} needs PostgreSQL under CI=true, but ${reason}`);
  console.warn(`\n!!! SKIPPED: ${what} — ${reason}. Under CI=true this is a failure.\n`);
  return false;
}

function userExists(name: string): boolean {
  try {
    return readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .some((line) => line.startsWith(`${name}:`));
  } catch {
    return false;
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL binaries not found");
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "kta-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (asRoot) {
    // mkdtemp makes a 0700 folder owned by root: hand it to postgres (tmpdir itself is world-traversable).
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const exec = (file: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, file), ...args]) : run(path.join(bin, file), args);

  await exec("initdb", [
    "-D",
    dataDir,
    "--auth=trust",
    "--username=postgres",
    "--encoding=UTF8",
    "--locale=C",
    "--no-instructions",
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    // Small and durable: the crash test relies on the defaults (fsync, synchronous_commit on).
    "-c shared_buffers=16MB",
    "-c max_connections=50",
    "-c fsync=on",
    "-c synchronous_commit=on",
  ].join(" ");
  const start = async () => {
    await exec("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "30", "start"]);
  };
  const stop = async (mode: "immediate" | "fast" = "fast") => {
    await exec("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"]);
  };
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    log: () => {
      try {
        return readFileSync(logFile, "utf8");
      } catch {
        return "";
      }
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await stop("immediate").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (uid === undefined || gid === undefined) throw new Error("no postgres user");
  return { uid: Number(uid), gid: Number(gid) };
}
