// What weekly hours must be (ADR 016), as a zod schema whose every rule names its message
// (app/lib/form-rules.ts): seven days of at most four ranges, each a real time, start ≠ end, no
// two ranges of a day overlapping; Shabbat margins of 0–180 minutes.
import { z } from "zod";
import { FORM_PARSE } from "../../../lib/form-rules";
import type { MessageKey } from "../../../locales/en";
import { isClock, MAX_RANGES_PER_DAY, rangeSpan, type WeeklyHours } from "./hours";

const clock = z.string().refine(isClock, { error: "hours.invalidTime" });
const margin = z
  .number()
  .int({ error: "hours.invalidMinutes" })
  .min(0, { error: "hours.invalidMinutes" })
  .max(180, { error: "hours.invalidMinutes" });

const range = z.object({ from: clock, to: clock }).refine((r) => r.from !== r.to, { error: "hours.sameStartEnd" });

const day = z
  .array(range)
  .max(MAX_RANGES_PER_DAY, { error: "hours.tooManyRanges" })
  .refine(
    (ranges) => {
      const spans = ranges.map(rangeSpan).sort((a, b) => a[0] - b[0]);
      return spans.every((s, i) => {
        const previous = spans[i - 1];
        return previous === undefined || s[0] >= previous[1];
      });
    },
    { error: "hours.overlap" },
  );

export const weeklyHoursSchema = z.object({
  days: z.array(day).length(7, { error: "form.invalidValue" }),
  closedOnShabbat: z.boolean(),
  beforeRest: z.discriminatedUnion(
    "kind",
    [z.object({ kind: z.literal("candles"), minutes: margin }), z.object({ kind: z.literal("fixed"), time: clock })],
    {
      error: "form.invalidValue",
    },
  ),
  afterRest: z.discriminatedUnion(
    "kind",
    [z.object({ kind: z.literal("havdalah"), minutes: margin }), z.object({ kind: z.literal("fixed"), time: clock })],
    {
      error: "form.invalidValue",
    },
  ),
});

export type ParsedHours =
  { ok: true; hours: WeeklyHours } | { ok: false; error: MessageKey; errors: Record<string, MessageKey> };

/** Checks weekly hours from a form or a request; the errors are keyed by path ("days.5", "beforeRest"). */
export function parseWeeklyHours(value: unknown): ParsedHours {
  const parsed = weeklyHoursSchema.safeParse(value, FORM_PARSE);
  if (parsed.success) return { ok: true, hours: parsed.data };
  const errors: Record<string, MessageKey> = {};
  for (const issue of parsed.error.issues) {
    // A day's message belongs to its row ("days.5"); a Shabbat rule's to the rule ("beforeRest").
    const key =
      issue.path[0] === "days" && issue.path.length > 1 ? `days.${String(issue.path[1])}` : String(issue.path[0] ?? "");
    errors[key] ??= issue.message as MessageKey;
  }
  const first = Object.values(errors)[0] ?? "form.invalidValue";
  return { ok: false, error: first, errors };
}
