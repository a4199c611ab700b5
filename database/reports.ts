// Problem reports' reasons and statuses. Plain data, shared by the database schema, the
// server and the pages; like roles.ts it imports no Drizzle, so the browser bundle may import it.
export const REPORT_REASONS = ["closed", "kashrut", "hours", "contact", "shabbat", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The longest note a visitor may leave. */
export const REPORT_NOTE_MAX = 1_000;
