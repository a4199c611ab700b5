// The dashboard's choice of a period in days ("Last 30 days", "Last 90 days"): plain links with the
// current one marked, so it works without JavaScript and the period is in the URL (`?days=`).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";

/** The period a `?days=` value asks for, one of `periods`; the first when it names none of them. */
export function periodFrom<P extends number>(value: string | null, periods: readonly [P, ...P[]]): P {
  return periods.find((days) => String(days) === value) ?? periods[0];
}

export function PeriodLinks<P extends number>({
  label,
  periods,
  current,
  href,
  children,
}: {
  /** The navigation's name for screen readers ("Period"). */
  label: string;
  periods: readonly P[];
  current: P;
  href: (days: P) => string;
  /** A link's words for its period. */
  children: (days: P) => ReactNode;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-2">
      {periods.map((days) => (
        <Link
          key={days}
          to={href(days)}
          aria-current={days === current ? "page" : undefined}
          className={cn(
            "inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-medium",
            days === current
              ? "border-brand-700 bg-brand-100 text-brand-900"
              : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50",
          )}
        >
          {children(days)}
        </Link>
      ))}
    </nav>
  );
}
