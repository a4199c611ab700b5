// What the dashboard's queues (claims, reports, suggestions, certificates, searches, users) share:
// the page's frame with its heading, the filter form with its count, the line said when nothing is
// there, and a status pill. Dashboard pages only; logical properties keep them right in Hebrew.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { cn } from "../../lib/cn";

/** The page: a section named by its heading (`id` is the heading's, for aria-labelledby). */
export function QueuePage({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h1 id={id} className="text-2xl font-extrabold">
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * The filters: a GET form (works without JavaScript) with its fields, the submit button, and the
 * count of what matches at the line's end.
 */
export function QueueFilters({
  children,
  submit,
  count,
  countTestId,
}: {
  children: ReactNode;
  submit: string;
  count: string;
  countTestId?: string;
}) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
      {children}
      <button
        type="submit"
        className="min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50"
      >
        {submit}
      </button>
      <p className="ms-auto text-sm text-stone-600" data-testid={countTestId}>
        {count}
      </p>
    </Form>
  );
}

/** Said in place of the list when it is empty. */
export function QueueEmpty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="mt-6 text-stone-700" data-testid={testId}>
      {children}
    </p>
  );
}

/** An item's status as a small bordered pill; `tone` gives its colours. */
export function StatusPill({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={cn("rounded-full border px-2 py-0.5 text-xs font-semibold", tone)}>{children}</span>;
}
