// The dashboard's navigation pieces: a link's look, a queue's link with its open count, and the menu
// that holds the links on a phone.
import type { ReactNode } from "react";
import { NavLink } from "../ui/NavLink";
import { cn } from "../../lib/cn";
import { useLanguage } from "../../lib/i18n/use-language";
import type { ManageKey } from "../../locales/en";

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-2.5 py-1.5 text-sm font-medium",
    isActive ? "bg-brand-100 text-brand-900" : "text-stone-700 hover:bg-stone-100",
  );

/** A queue's link with its open count: a badge, and the count in words for screen readers. */
export function QueueLink({
  to,
  label,
  open,
  openCount,
  testId,
}: {
  to: string;
  label: ManageKey;
  open: number;
  openCount: ManageKey;
  testId: string;
}) {
  const { t } = useLanguage();
  return (
    <NavLink to={to} className={(state) => cn(navLinkClass(state), "inline-flex items-center gap-2")}>
      {t(label)}
      {open > 0 ? (
        <>
          <span
            aria-hidden="true"
            className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white tabular-nums"
            data-testid={testId}
          >
            {open}
          </span>
          <span className="sr-only">{t(openCount, { count: open })}</span>
        </>
      ) : null}
    </NavLink>
  );
}

/**
 * On a phone the admins' dozen links would push the page below the screen: a menu that opens (without
 * JavaScript too), its summary counting what waits in the queues. Wider screens show the links as they
 * are; a browser that cannot style a closed menu's content keeps the summary to open it.
 */
export function PhoneMenu({ label, waiting, children }: { label: string; waiting: number; children: ReactNode }) {
  return (
    <details className="border-b border-stone-200 pb-3 sm:[&::details-content]:[content-visibility:visible]">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-stone-800 supports-[selector(::details-content)]:sm:hidden">
        {label}
        {waiting > 0 ? (
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white tabular-nums">
            {waiting}
          </span>
        ) : null}
      </summary>
      {children}
    </details>
  );
}
