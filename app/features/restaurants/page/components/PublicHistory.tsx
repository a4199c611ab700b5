import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { KASHRUT_LABELS, type PublicEvent } from "../../core";
import { Section } from "./Section";

/** The changes a diner may care about, in a disclosure that works without JavaScript. */
export function PublicHistory({ events }: { events: PublicEvent[] }) {
  const { language, t } = useLanguage();
  if (events.length === 0) return null;
  const label = (event: PublicEvent) => {
    switch (event.kind) {
      case "kashrut":
        return t("publicHistory.kashrut", {
          from: KASHRUT_LABELS[event.from][language],
          to: KASHRUT_LABELS[event.to][language],
        });
      case "closed":
        return t("publicHistory.closed");
      case "reopened":
        return t("publicHistory.reopened");
      case "verified":
        return t("publicHistory.verified");
    }
  };
  return (
    <Section title={t("publicHistory.title")} testId="public-history">
      <ul className="space-y-2 px-4 py-3 text-sm">
        {events.map((event, index) => (
          <li key={index} className="flex flex-wrap gap-x-3">
            <time dateTime={event.day} className="font-medium text-stone-600 tabular-nums">
              {formatLongDate(event.day, language)}
            </time>
            <span>{label(event)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
