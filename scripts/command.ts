// How every operator's command starts and ends (`npm run backup`, `export`, `admin:create`, …): the
// configuration read once (a bad value printed as the server prints it, exit 1), the configured
// database opened when the command asks for it — or, when the running server holds the embedded one
// (it has one user at a time), a plain message saying so and what to do instead — and closed on the
// way out, whatever happens. An operator's mistake ends in its message and exit 1, never a stack trace.
import { ConfigError, parseConfig, type Config } from "../server/config";
import { openDatabase, type Database } from "../server/data/database";
import { DatabaseInUseError } from "../server/data/pglite-lock";

/** What a command's body is given. */
export interface Command {
  config: Config;
  /** The configured database, opened on the first call (later calls give the same one); closed when the command ends. */
  database(): Promise<Database>;
}

export interface CommandOptions {
  /** What to do instead when the running server has the embedded database open. */
  inUse?: string;
  /** The command's own errors that are the operator's to fix (a bad file, a refused restore): printed as their message alone. */
  expected?: ReadonlyArray<abstract new (...args: never[]) => Error>;
  /** The environment to read the configuration from; process.env unless given. */
  env?: NodeJS.ProcessEnv;
}

const STOP_THE_SERVER = "Stop the server first: the embedded database has one user at a time.";

/** The database could not be opened (PostgreSQL unreachable, a damaged folder): the operator's to look into. */
class OpenError extends Error {}

/** Runs a command's `body` (which gives the exit code) between reading the configuration and closing the database; gives the exit code. */
export async function runCommand(
  options: CommandOptions,
  body: (command: Command) => Promise<number>,
): Promise<number> {
  let config: Config;
  try {
    config = parseConfig(options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  let opened: Promise<Database> | undefined;
  const database = () => (opened ??= open(config));
  try {
    return await body({ config, database });
  } catch (error) {
    console.error(describe(error, options));
    return 1;
  } finally {
    // A database that failed to open has nothing to close; its error was the body's.
    const held = await opened?.catch(() => undefined);
    await held?.close();
  }
}

async function open(config: Config): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error;
    const where = config.databaseUrl
      ? "the PostgreSQL database in DATABASE_URL"
      : `the embedded database in ${config.pgliteDir}`;
    throw new OpenError(`Could not open ${where}: ${messageOf(error)}`, { cause: error });
  }
}

/** What to print for an error that ended the command: the message alone when it is the operator's to fix. */
function describe(error: unknown, options: CommandOptions): string {
  if (error instanceof DatabaseInUseError) return `${error.message}\n${options.inUse ?? STOP_THE_SERVER}`;
  if (error instanceof OpenError || error instanceof ConfigError) return error.message;
  if (error instanceof Error && options.expected?.some((kind) => error instanceof kind)) return error.message;
  // A file or folder that cannot be read or written (ENOENT, EACCES, ENOSPC): the system says which.
  if (error instanceof Error && "syscall" in error) return error.message;
  // Anything else is a fault in the command, not the operator's: its stack helps whoever fixes it.
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.message === "") return error.errors.map(messageOf).join("; ");
  return error instanceof Error ? error.message : String(error);
}
