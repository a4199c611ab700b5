// A dashboard table: a bordered frame that scrolls sideways on a narrow screen, the header row's
// style, and a column header. Logical alignment (text-start, text-end) keeps columns right in Hebrew.
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * The frame and the table. The frame is `relative` so rows' visually hidden labels (absolutely
 * positioned) stay inside the scroller instead of widening the page at 360 px.
 */
export function DataTable({
  head,
  children,
  caption,
  testId,
  className,
}: {
  /** The header row's cells (ColumnHeader). */
  head: ReactNode;
  children: ReactNode;
  caption?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={cn("relative mt-4 overflow-x-auto rounded-xl border border-stone-200 bg-white", className)}>
      <table className="w-full text-sm" data-testid={testId}>
        {caption ? <caption className="px-3 py-2 text-start font-semibold text-stone-800">{caption}</caption> : null}
        <thead className="bg-stone-100 text-stone-700">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A column's header; `end` aligns it with numbers (text-end). */
export function ColumnHeader({ children, end = false }: { children: ReactNode; end?: boolean }) {
  return (
    <th scope="col" className={cn("px-3 py-2 font-semibold", end ? "text-end" : "text-start")}>
      {children}
    </th>
  );
}
