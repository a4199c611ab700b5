import type { ReactNode } from "react";

/** A closed section of the page that opens in place (a <details>: no JavaScript needed). */
export function Section({
  title,
  testId,
  id,
  children,
}: {
  title: string;
  testId: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <details id={id} className="group rounded-xl border border-stone-200 bg-white" data-testid={testId}>
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-4 font-semibold">
        {title}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 transition group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="border-t border-stone-100">{children}</div>
    </details>
  );
}
