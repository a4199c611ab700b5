// The report queue's actions, shared by its page (the buttons) and its server (what each does).

/** What an admin can do with an open report. */
export const REPORT_ACTIONS = ["resolve", "dismiss", "markClosed", "verifyToday"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The word the confirmation sends: closing a restaurant for good is never one click. */
export const CONFIRM_CLOSE = "close";
