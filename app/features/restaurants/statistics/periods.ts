// The periods the statistics page offers (issue 31), shared by its loader and its links.

/** In days; the first is the default. */
export const PERIODS = [30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** The period asked for in `?days=`; anything else is the default. */
export function periodOf(value: string | null): Period {
  return PERIODS.find((days) => String(days) === value) ?? PERIODS[0];
}
