// The weekly hours editor (ADR 016): a row per day with its ranges (add, remove, copy Sunday to
// the weekdays), the Shabbat and Yom Tov rules, and a live preview of the coming week with its
// real candle-lighting and havdalah times. Sent as JSON; the server checks every rule again.
import { useState } from "react";
import { useSubmit } from "react-router";
import {
  CheckboxField,
  Choice,
  FieldError,
  FormAlert,
  SubmitButton,
  TextField,
} from "../../../../components/ui/FormFields";
import type { ErrorAnswer } from "../../../../lib/action-error.server";
import { cn } from "../../../../lib/cn";
import type { Language } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";
import { telAvivDay } from "../../../../lib/dates";
import { formats, weekdayNames } from "../formats";
import {
  MAX_RANGES_PER_DAY,
  openIntervals,
  type AfterRest,
  type BeforeRest,
  type RestWindow,
  type WeeklyHours,
} from "../hours";

const LOCALES: Record<Language, string> = { en: "en-GB", he: "he-IL" };
const DAY = 24 * 60 * 60_000;
const small =
  "min-h-11 rounded-lg border border-stone-300 px-3 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-50";

export function HoursEditor({
  initial,
  now,
  windows,
  answer,
}: {
  initial: WeeklyHours;
  now: number;
  windows: RestWindow[];
  answer?: Partial<ErrorAnswer> | undefined;
}) {
  const { language, t } = useLanguage();
  const [hours, setHours] = useState<WeeklyHours>(initial);
  const submit = useSubmit();
  const names = weekdayNames(language);
  const errors = answer?.errors ?? {};

  const setDay = (index: number, ranges: WeeklyHours["days"][number]) =>
    setHours({ ...hours, days: hours.days.map((day, i) => (i === index ? ranges : day)) });
  const copySunday = () => {
    const sunday = hours.days[0] ?? [];
    setHours({
      ...hours,
      days: hours.days.map((day, i) => (i >= 1 && i <= 4 ? sunday.map((range) => ({ ...range })) : day)),
    });
  };

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ hours } as never, { method: "post", encType: "application/json" });
      }}
    >
      {answer?.error ? <FormAlert>{t(answer.error)}</FormAlert> : null}
      <fieldset className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold">{t("hours.week")}</legend>
        {hours.days.map((ranges, index) => (
          <div key={index} className="border-b border-stone-100 pb-3 last:border-0" data-testid="hours-day">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium" id={`day-${index}`}>
                {names[index]}
              </span>
              <button
                type="button"
                className={small}
                disabled={ranges.length >= MAX_RANGES_PER_DAY}
                onClick={() => setDay(index, [...ranges, { from: "12:00", to: "22:00" }])}
              >
                {t("hours.addRange")}
                <span className="sr-only"> ({names[index]})</span>
              </button>
            </div>
            {ranges.length === 0 ? <p className="mt-1 text-sm text-stone-600">{t("hours.closed")}</p> : null}
            {ranges.map((range, r) => (
              <div key={r} className="mt-2 flex flex-wrap items-end gap-2">
                {(["from", "to"] as const).map((end) => (
                  <TextField
                    key={end}
                    label={t(end === "from" ? "hours.from" : "hours.to")}
                    name={`day-${index}-${r}-${end}`}
                    type="time"
                    required
                    value={range[end]}
                    aria-describedby={`day-${index}`}
                    inputClassName="px-2"
                    onChange={(e) =>
                      setDay(
                        index,
                        ranges.map((x, i) => (i === r ? { ...x, [end]: e.target.value } : x)),
                      )
                    }
                  />
                ))}
                <button
                  type="button"
                  className={cn(small, "text-red-800")}
                  onClick={() =>
                    setDay(
                      index,
                      ranges.filter((_, i) => i !== r),
                    )
                  }
                >
                  {t("hours.removeRange")}
                  <span className="sr-only">
                    {" "}
                    ({names[index]} {range.from}–{range.to})
                  </span>
                </button>
              </div>
            ))}
            {errors[`days.${index}`] ? <FieldError alert>{t(errors[`days.${index}`] as MessageKey)}</FieldError> : null}
          </div>
        ))}
        <button type="button" className={small} onClick={copySunday}>
          {t("hours.copySunday")}
        </button>
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold">{t("hours.shabbatTitle")}</legend>
        <CheckboxField
          label={t("hours.closedOnShabbat")}
          checked={hours.closedOnShabbat}
          onChange={(e) => setHours({ ...hours, closedOnShabbat: e.target.checked })}
        />
        {hours.closedOnShabbat ? (
          <>
            <RestRule
              legend={t("hours.beforeTitle")}
              minutesLabel={t("hours.beforeCandles")}
              value={hours.beforeRest}
              minutesKind="candles"
              error={errors.beforeRest}
              onChange={(beforeRest) => setHours({ ...hours, beforeRest: beforeRest as BeforeRest })}
            />
            <RestRule
              legend={t("hours.afterTitle")}
              minutesLabel={t("hours.afterHavdalah")}
              value={hours.afterRest}
              minutesKind="havdalah"
              error={errors.afterRest}
              onChange={(afterRest) => setHours({ ...hours, afterRest: afterRest as AfterRest })}
            />
          </>
        ) : null}
      </fieldset>

      <Preview hours={hours} now={now} windows={windows} />

      <SubmitButton busyLabel={t("hours.saving")}>{t("hours.save")}</SubmitButton>
    </form>
  );
}

type Rule = { kind: "candles" | "havdalah"; minutes: number } | { kind: "fixed"; time: string };

function RestRule({
  legend,
  minutesLabel,
  value,
  minutesKind,
  error,
  onChange,
}: {
  legend: string;
  minutesLabel: string;
  value: Rule;
  minutesKind: "candles" | "havdalah";
  error: string | undefined;
  onChange: (rule: Rule) => void;
}) {
  const { t } = useLanguage();
  const name = `rule-${minutesKind}`;
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{legend}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <Choice
          type="radio"
          name={name}
          label={minutesLabel}
          checked={value.kind !== "fixed"}
          onChange={() => onChange({ kind: minutesKind, minutes: 0 })}
        />
        {value.kind !== "fixed" ? (
          <TextField
            label={<span className="sr-only">{t("hours.minutes")}</span>}
            name={`${name}-minutes`}
            type="number"
            min={0}
            max={180}
            step={5}
            value={value.minutes}
            onChange={(e) => onChange({ kind: minutesKind, minutes: Number(e.target.value) })}
            className="w-24"
            inputClassName="px-2"
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Choice
          type="radio"
          name={name}
          label={t("hours.fixedTime")}
          checked={value.kind === "fixed"}
          onChange={() => onChange({ kind: "fixed", time: minutesKind === "candles" ? "15:00" : "20:00" })}
        />
        {value.kind === "fixed" ? (
          <TextField
            label={<span className="sr-only">{t("hours.time")}</span>}
            name={`${name}-time`}
            type="time"
            value={value.time}
            onChange={(e) => onChange({ kind: "fixed", time: e.target.value })}
            inputClassName="px-2"
          />
        ) : null}
      </div>
      {error ? <FieldError alert>{t(error as MessageKey)}</FieldError> : null}
    </fieldset>
  );
}

/** The coming seven days as the visitor will see them: the real opening times, Shabbat taken out. */
function Preview({ hours, now, windows }: { hours: WeeklyHours; now: number; windows: RestWindow[] }) {
  const { language, t } = useLanguage();
  const dayFormat = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: "Asia/Jerusalem",
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  const { time } = formats(language);
  const dayOf = (at: number) => telAvivDay(new Date(at));
  let intervals: [number, number][] = [];
  try {
    intervals = openIntervals(hours, windows, now, 8);
  } catch {
    // A half-typed time: the preview waits for a whole one.
  }
  const days = Array.from({ length: 7 }, (_, i) => now + i * DAY);
  return (
    <section
      className="rounded-xl border border-stone-200 bg-white p-4"
      aria-labelledby="hours-preview"
      data-testid="hours-preview"
    >
      <h2 id="hours-preview" className="text-lg font-semibold">
        {t("hours.preview")}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {days.map((day) => {
          const open = intervals.filter(([start]) => dayOf(start) === dayOf(day));
          const rest = windows.filter((w) => dayOf(w.start) === dayOf(day) || dayOf(w.end) === dayOf(day));
          return (
            <li key={day} className="flex flex-wrap gap-x-3">
              <span className="min-w-40 font-medium">{dayFormat.format(day)}</span>
              <span dir="ltr" className="tabular-nums">
                {open.length === 0
                  ? t("hours.closed")
                  : open.map(([start, end]) => `${time(start)}–${time(end)}`).join(", ")}
              </span>
              {rest.map((w) => (
                <span key={w.start} className="text-stone-600">
                  {dayOf(w.start) === dayOf(day)
                    ? t("hours.candlesAt", { time: time(w.start) })
                    : t("hours.endsAt", { time: time(w.end) })}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
