// A restaurant's hours on its page (ADR 016): "open now" read in the browser from the timeline the
// server sent (never rendered on the server, so a cached page cannot show a stale status), the
// week with Hebrew day names in Hebrew, and the coming Shabbat or Yom Tov with its real times.
import { useNow } from "../../../../lib/use-now";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { cn } from "../../../../lib/cn";
import type { Transition, WeeklyHours } from "../hours";
import type { HoursView } from "../hours-view.server";
import { statusNow } from "../hours-status";
import { telAvivFormats, weekdayNamesOf, type TelAvivZone } from "../tel-aviv-clock";

/** "Open now · until 23:00" / "Closed for Shabbat · opens Saturday 20:18", from the browser's clock. */
export function OpenStatus({ timeline, zone }: { timeline: Transition[]; zone: TelAvivZone | undefined }) {
  const { language, t } = useLanguage();
  const now = useNow();
  const entry = now === null ? undefined : statusNow(timeline, now);
  let text = "";
  if (entry) {
    const f = telAvivFormats(language, zone);
    const until = entry.until;
    if (entry.open && until !== null) text = t("hours.openUntil", { time: f.time(until) });
    else if (until === null) text = t("hours.closed");
    else if (entry.reason)
      text = t(entry.reason === "holiday" ? "hours.holidayOpensOn" : "hours.shabbatOpensOn", {
        day: f.weekday(until),
        time: f.time(until),
      });
    else if (now !== null && f.sameDay(until, now)) text = t("hours.closedOpensToday", { time: f.time(until) });
    else text = t("hours.closedOpensOn", { day: f.weekday(until), time: f.time(until) });
  }
  // The line keeps its height before the browser fills it: nothing moves (no layout shift).
  return (
    <p
      role="status"
      data-testid="open-status"
      data-open={entry ? String(entry.open) : undefined}
      className={cn("mt-2 min-h-6 font-semibold", entry?.open ? "text-brand-800" : "text-stone-800")}
    >
      {text}
    </p>
  );
}

/** Sunday to Saturday, a day a row; the coming Shabbat or Yom Tov below. */
export function WeekHours({
  days,
  rest,
  zone,
}: {
  days: WeeklyHours["days"];
  rest: HoursView["rest"];
  zone: TelAvivZone | undefined;
}) {
  const { language, t } = useLanguage();
  const f = telAvivFormats(language, zone);
  // Today's row stands out once the browser knows the day (a cached page may be from yesterday).
  const now = useNow();
  const today = now === null ? -1 : f.weekdayIndex(now);
  const names = weekdayNamesOf(language);
  return (
    <div data-testid="week-hours">
      <table className="w-full text-sm">
        <tbody>
          {days.map((ranges, index) => (
            <tr
              key={index}
              aria-current={index === today ? "date" : undefined}
              className={index === today ? "font-semibold text-stone-900" : undefined}
            >
              <th scope="row" className="py-0.5 pe-3 text-start font-medium text-stone-700">
                {names[index]}
              </th>
              <td className="py-0.5 tabular-nums" dir="ltr">
                <span className="block rtl:text-right">
                  {ranges.length === 0
                    ? t("hours.closed")
                    : ranges.map((range) => `${range.from}–${range.to}`).join(", ")}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rest ? (
        <div className="mt-3 rounded-lg bg-stone-50 p-3" data-testid="coming-rest">
          <p className="font-medium">{t(rest.holiday ? "hours.comingHoliday" : "hours.thisShabbat")}</p>
          <p>
            {rest.closesAt !== null
              ? t("hours.closesAt", {
                  day: f.weekday(rest.closesAt),
                  time: f.time(rest.closesAt),
                  candles: f.time(rest.candles),
                })
              : t("hours.candles", { day: f.weekday(rest.candles), time: f.time(rest.candles) })}
          </p>
          {rest.opensAt !== null ? (
            <p>
              {t(rest.holiday ? "hours.opensAfterHoliday" : "hours.opensAfterShabbat", {
                day: f.weekday(rest.opensAt),
                time: f.time(rest.opensAt),
                end: f.time(rest.havdalah),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
