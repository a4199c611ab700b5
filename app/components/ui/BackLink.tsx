// "← Back to …" above a dashboard page: a link with an arrow that points the reading direction's
// way back (turned in Hebrew), at least 44 px tall.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 hover:underline">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5 rtl:rotate-180"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {children}
    </Link>
  );
}
