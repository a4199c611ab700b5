// The periods the statistics page offers (ADR 025), shared by its loader, its CSV and its links.

/** In days; the first is the default. */
export const PERIODS = [30, 90] as const;
export type Period = (typeof PERIODS)[number];
