// Uploads nobody attached to a restaurant (the form was left, a photo replaced before saving) are
// removed once they are older than a grace period and nothing names them: from the table, then
// from storage. Files held by a claim or a suggestion go too, HELD_FILE_DAYS after the decision
// (held-files.server.ts). Run hourly by the server, and on demand by `npm run uploads:clean`.
import type { FileStore } from "../../app/lib/context";
import { takeDecidedHeldFiles } from "../../app/features/restaurants/editing/held-files.server";
import { removeStoredFiles, takeAbandonedUploads } from "../../app/features/restaurants/editing/uploads.server";
import type { Db } from "../../database/types";
import { scheduleJob, type Job } from "../jobs";

const HOUR_MS = 60 * 60 * 1000;

export interface CleanOptions {
  db: Db;
  files: FileStore;
  /** Uploads younger than this are kept: their form may still be saved. */
  graceHours: number;
  now?: Date;
}

/** Removes abandoned uploads and held files whose decision is old enough; returns their URLs. */
export async function cleanUploads({ db, files, graceHours, now = new Date() }: CleanOptions): Promise<string[]> {
  const urls = [
    ...(await takeAbandonedUploads(db, new Date(now.getTime() - graceHours * HOUR_MS))),
    ...(await takeDecidedHeldFiles(db, now)),
  ];
  await removeStoredFiles(files, urls);
  return urls;
}

/** Runs `clean` hourly (by default); see scheduleJob. */
export function scheduleUploadCleanup(clean: () => Promise<unknown>, intervalMs = HOUR_MS): Job {
  return scheduleJob("[uploads] clean-up", clean, intervalMs);
}
