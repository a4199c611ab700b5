// PGlite is one process's database: a second process opening the same folder aborts inside the
// WASM runtime, and could damage the files. A lock file beside the folder names the process that
// has it open; a lock left by a process that no longer runs (killed, crashed) is taken over.
import { readFileSync, rmSync, writeFileSync } from "node:fs";

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in another process (pid ${pid}). ` +
        `Stop that process, or give this one another DATA_DIR (or a DATABASE_URL). If that process is not this server, delete ${dir}.lock.`,
    );
    this.name = "DatabaseInUseError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock for `dir` for this process; returns the function that releases it. */
export function lockPgliteDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder))
        throw new DatabaseInUseError(dir, holder);
      // Left behind by a process that is gone (or by this one): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}
