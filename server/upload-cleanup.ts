// Uploads nobody attached to a restaurant (the form was left, a photo replaced before saving) are
// removed once they are older than a grace period and nothing names them: from the table, then
// from storage. Run hourly by the server, and on demand by `npm run uploads:clean`.
import type { FileStore } from "../app/lib/context";
import { removeStoredFiles, takeAbandonedUploads } from "../app/features/restaurants/uploads.server";
import type { Db } from "../database/types";

const HOUR_MS = 60 * 60 * 1000;

export interface CleanOptions {
  db: Db;
  files: FileStore;
  /** Uploads younger than this are kept: their form may still be saved. */
  graceHours: number;
  now?: Date;
}

/** Removes abandoned uploads; returns their URLs. */
export async function cleanUploads({ db, files, graceHours, now = new Date() }: CleanOptions): Promise<string[]> {
  const urls = await takeAbandonedUploads(db, new Date(now.getTime() - graceHours * HOUR_MS));
  await removeStoredFiles(files, urls);
  return urls;
}

export interface UploadCleaner {
  /** Stops the timer and waits for a clean-up under way. */
  stop(): Promise<void>;
}

/**
 * Runs `clean` every `intervalMs` (default hourly) on a timer that does not keep the process
 * alive; a failed run is logged and the next one tries again. Runs never overlap.
 */
export function scheduleUploadCleanup(clean: () => Promise<unknown>, intervalMs = HOUR_MS): UploadCleaner {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = clean()
      .then(
        () => {},
        (error: unknown) => console.error("[uploads] clean-up failed:", error),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
