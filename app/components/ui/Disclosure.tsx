// A dropdown panel built on <details>: it opens and closes without JavaScript; with it, it also
// closes on a click outside or on Escape (focus goes back to its button).
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "../../lib/cn";

export function Disclosure({
  label,
  summaryExtra,
  children,
  className,
  panelClassName,
}: {
  label: ReactNode;
  summaryExtra?: ReactNode;
  children: ReactNode;
  className?: string;
  panelClassName?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    details.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      details.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details ref={ref} className={cn("group relative", className)}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
        {label}
        {summaryExtra}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="ms-auto h-4 w-4 transition group-open:rotate-180"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </summary>
      <div
        className={cn(
          "absolute start-0 z-30 mt-2 min-w-full rounded-lg border border-stone-200 bg-white p-3 shadow-lg",
          panelClassName,
        )}
      >
        {children}
      </div>
    </details>
  );
}
