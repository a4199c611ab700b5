// The server's periodic jobs, as one list that server/index.ts starts (server/jobs.ts runs each on
// its timer). A new job is one entry here: its name in the log, how often, and what it runs.
import type { EmailContent } from "../app/lib/emails";
import type { FileStore } from "../app/lib/context";
import type { AlertTokens } from "../app/features/restaurants/alerts/token.server";
import { sendReportNotices } from "../app/features/reports/reports.server";
import { sendCertificateReminders } from "../app/features/restaurants/certificate/reminders.server";
import { sendAlertDigests } from "../app/features/restaurants/alerts/digest.server";
import { pruneSingleMisses } from "../app/features/restaurants/search/misses.server";
import { telAvivDay } from "../app/lib/dates";
import type { Config } from "./config";
import { refreshStatistics, type Database } from "./data/database";
import type { JobEntry } from "./jobs";
import { cleanUploads } from "./uploads/upload-cleanup";

/** What the jobs run with. */
export interface JobDeps {
  config: Config;
  database: Database;
  sendEmail: (to: string, content: EmailContent) => Promise<void>;
  /** Signs the alerts' unsubscribe links (the app signs them with the same secret). */
  alertTokens: AlertTokens;
  files: FileStore;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The job that e-mails new reports to admins and owners; a filed report asks it to run at once. */
export const REPORT_NOTICES_JOB = "[reports] notices";

export const JOBS: readonly JobEntry<JobDeps>[] = [
  // New reports are e-mailed right after they are filed; those that arrive within the hour after
  // their restaurant's last e-mail go out when it is up (checked every few minutes).
  {
    name: REPORT_NOTICES_JOB,
    everyMs: 5 * MINUTE_MS,
    run: ({ database, sendEmail, config }) =>
      sendReportNotices(database.db, { sendEmail, publicUrl: config.publicUrl }),
  },
  // Owners are reminded 14 and 3 days before their certificate's last day (each reminder goes once;
  // the day is Tel Aviv's); at start and hourly.
  {
    name: "[certificates] reminders",
    everyMs: HOUR_MS,
    atStart: true,
    run: ({ database, sendEmail, config }) =>
      sendCertificateReminders(database.db, { sendEmail, publicUrl: config.publicUrl }),
  },
  // Diners with alerts on get one e-mail a day at most when a saved place changed; at start and hourly.
  {
    name: "[alerts] digests",
    everyMs: HOUR_MS,
    atStart: true,
    run: ({ database, sendEmail, config, alertTokens }) =>
      sendAlertDigests(database.db, { sendEmail, publicUrl: config.publicUrl, tokens: alertTokens }),
  },
  // PostgreSQL's autovacuum keeps the planner's statistics; PGlite has none, and without them a
  // search of a large directory scans instead of using its indexes (ADR 022). At start (the app's
  // warm-up) and hourly.
  {
    name: "[database] statistics",
    everyMs: HOUR_MS,
    when: ({ database }) => database.kind === "pglite",
    run: ({ database }) => refreshStatistics(database),
  },
  // Searches that found nothing, seen once on a day that is over, are removed at start and hourly
  // (whatever STATISTICS says: what was kept before it was turned off goes too).
  {
    name: "[statistics] search misses clean-up",
    everyMs: HOUR_MS,
    atStart: true,
    run: ({ database }) => pruneSingleMisses(database.db, telAvivDay(new Date())),
  },
  // Uploads never attached to a restaurant are removed after the grace period (hourly check).
  {
    name: "[uploads] clean-up",
    everyMs: HOUR_MS,
    run: ({ database, files, config }) => cleanUploads({ db: database.db, files, graceHours: config.uploadGraceHours }),
  },
];
