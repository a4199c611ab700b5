// The chart's numbers as a table (ADR 025): each day, newest first, with the period's totals. It
// scrolls inside its own box on a narrow screen (never the page), and can be scrolled by keyboard.
import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";
import { COUNTS, type Count } from "../kinds";
import type { Counts, DayCounts } from "../store.server";

export const COUNT_LABEL: Record<Count, MessageKey> = {
  views: "statistics.views",
  phone: "statistics.phone",
  navigate: "statistics.navigate",
  booking: "statistics.booking",
  order: "statistics.order",
  wolt: "statistics.wolt",
  menu: "statistics.menu",
};

/** A header cell per count, after the row's own header (a day, a listing). */
export function CountHeaders() {
  const { t } = useLanguage();
  return COUNTS.map((count) => (
    <th key={count} scope="col" className="px-3 py-2 text-end">
      {t(COUNT_LABEL[count])}
    </th>
  ));
}

/** A row's counts, one cell each, in the headers' order. */
export function CountCells({ counts, className = "px-3 py-1.5" }: { counts: Counts; className?: string }) {
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language === "he" ? "he-IL" : "en-US");
  return COUNTS.map((count) => (
    <td key={count} className={`${className} text-end tabular-nums`}>
      {number.format(counts[count])}
    </td>
  ));
}

export function CountsTable({ id, days, totals }: { id: string; days: DayCounts[]; totals: Counts }) {
  const { language, t } = useLanguage();
  return (
    <div
      className="mt-4 max-h-[28rem] overflow-auto rounded-lg border border-stone-200 bg-white"
      tabIndex={0}
      role="region"
      aria-labelledby={`${id}-caption`}
    >
      <table id={id} className="w-full text-sm" data-testid="statistics-table">
        <caption id={`${id}-caption`} className="px-3 py-2 text-start font-semibold">
          {t("statistics.tableCaption")}
        </caption>
        <thead className="sticky top-0 bg-stone-100">
          <tr>
            <th scope="col" className="px-3 py-2 text-start">
              {t("statistics.day")}
            </th>
            <CountHeaders />
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.day} className="border-t border-stone-100">
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-start font-normal">
                {formatLongDate(day.day, language)}
              </th>
              <CountCells counts={day} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-stone-300 font-semibold">
          <tr>
            <th scope="row" className="px-3 py-2 text-start">
              {t("statistics.total")}
            </th>
            <CountCells counts={totals} className="px-3 py-2" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
