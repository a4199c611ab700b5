// A listing's (or the site's) days as a small bar chart drawn as inline SVG (ADR 025): no chart
// library. Views are the green bars, taps the narrower orange ones in front of them. The chart is a picture
// for the eye; the same numbers are in the table that follows it (CountsTable), which screen
// readers read. Time runs in the page's reading direction: the newest day is at the end of the line.
import { dateFormat } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { DayCounts } from "../store.server";
import { TAP_KINDS } from "../kinds";

const WIDTH = 720;
const HEIGHT = 160;
const TOP = 4;
const BOTTOM = 0;

/** A day without its year: "Mar 4" / "4 במרץ" (yyyy-MM-dd read in UTC, as every date-only value). */
function shortDay(day: string, language: "en" | "he"): string {
  return dateFormat(language === "he" ? "he-IL" : "en-US", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export function tapsOf(day: DayCounts): number {
  return TAP_KINDS.reduce((sum, kind) => sum + day[kind], 0);
}

/** A round top for the scale: 1, 2, 5, 10, 20, 50, … at least `max`. */
export function scaleTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

export function DailyChart({ days, tableId }: { days: DayCounts[]; tableId: string }) {
  const { language, t, dir } = useLanguage();
  const top = scaleTop(Math.max(1, ...days.map((day) => day.views), ...days.map(tapsOf)));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.7);
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (value: number) => TOP + plot - (value / top) * plot;
  // The i-th day's place along the line, from the start of the page's direction.
  const x = (i: number) => (dir === "rtl" ? WIDTH - (i + 1) * slot : i * slot) + (slot - bar) / 2;
  const first = days[0];
  const last = days.at(-1);
  const number = new Intl.NumberFormat(language === "he" ? "he-IL" : "en-US");
  return (
    <figure className="mt-4">
      <p className="text-xs text-stone-600" aria-hidden="true">
        {number.format(top)}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-describedby={tableId}
        aria-label={t("statistics.chartLabel")}
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={y(top)}
          y2={y(top)}
          className="stroke-stone-300"
          strokeWidth="1"
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
        {days.map((day, i) => (
          <g key={day.day}>
            {day.views > 0 ? (
              <rect x={x(i)} y={y(day.views)} width={bar} height={y(0) - y(day.views)} className="fill-brand-600" />
            ) : null}
            {tapsOf(day) > 0 ? (
              <rect
                x={x(i) + bar / 4}
                y={y(tapsOf(day))}
                width={bar / 2}
                height={y(0) - y(tapsOf(day))}
                className="fill-orange-700"
              />
            ) : null}
          </g>
        ))}
        <line
          x1="0"
          x2={WIDTH}
          y1={y(0)}
          y2={y(0)}
          className="stroke-stone-500"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      {first && last ? (
        <p className="mt-1 flex justify-between text-xs text-stone-600" aria-hidden="true">
          <span>{shortDay(first.day, language)}</span>
          <span>{shortDay(last.day, language)}</span>
        </p>
      ) : null}
      <figcaption className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-brand-600" />
          {t("statistics.views")}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-orange-700" />
          {t("statistics.taps")}
        </span>
      </figcaption>
    </figure>
  );
}
