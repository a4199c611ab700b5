// Above the results (ADR 017): List or Map and "Top rated", kept in the URL like the filters (links,
// so they work without JavaScript), and "Near me", which asks the browser where the visitor is only when pressed.
// The position stays in this page's memory: it is never sent to the server.
import { useState } from "react";
import { Link } from "react-router";
import { cn } from "../../../../lib/cn";
import { useHydrated } from "../../../../lib/use-hydrated";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { serializeFilters, type FilterState, type ResultsSort, type ResultsView } from "../filters";
import type { LatLng } from "../../core";

type Locating = "idle" | "locating" | "denied" | "failed";

const PERMISSION_DENIED = 1;

export function ResultsToolbar({
  filters,
  here,
  onView,
  onSort,
  onLocated,
}: {
  filters: FilterState;
  here: LatLng | null;
  onView: (view: ResultsView) => void;
  /** Applied to the filters as they are then (the answer to "where am I" may take seconds). */
  onSort: (sort: ResultsSort) => void;
  onLocated: (here: LatLng) => void;
}) {
  const { t } = useLanguage();
  const hydrated = useHydrated();
  const [locating, setLocating] = useState<Locating>("idle");
  const nearest = filters.sort === "distance" && here !== null;

  const nearMe = () => {
    // Pressed again: back to the usual order (the position is kept for the distances).
    if (nearest) return onSort("");
    if (!("geolocation" in navigator)) return setLocating("failed");
    setLocating("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating("idle");
        onLocated({ lat: coords.latitude, lng: coords.longitude });
        onSort("distance");
      },
      // Refused or not found: a message, and nothing else changes.
      (error) => setLocating(error.code === PERMISSION_DENIED ? "denied" : "failed"),
      { timeout: 15_000, maximumAge: 60_000 },
    );
  };

  // A choice kept in the URL: a link, so it works without JavaScript (with it, applied in place).
  const choice = (next: FilterState, current: boolean, label: string, pick: () => void) => (
    <Link
      to={`?${serializeFilters(next).toString()}`}
      replace
      preventScrollReset
      aria-current={current ? "true" : undefined}
      onClick={(event) => {
        event.preventDefault();
        pick();
      }}
      className={cn(
        "inline-flex min-h-11 items-center px-4 font-medium",
        current ? "bg-brand-700 text-white" : "bg-white text-brand-800 hover:bg-brand-50",
      )}
    >
      {label}
    </Link>
  );
  const viewLink = (view: ResultsView, label: string) =>
    choice({ ...filters, view }, filters.view === view, label, () => onView(view));
  // Best rated first, or back to the usual order.
  const topRated = filters.sort === "rating";
  const ratingSort: ResultsSort = topRated ? "" : "rating";

  const message =
    locating === "locating"
      ? t("home.locating")
      : locating === "denied"
        ? t("home.locationDenied")
        : locating === "failed"
          ? t("home.locationFailed")
          : nearest
            ? t("home.nearestFirst")
            : "";

  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <nav aria-label={t("home.view")} className="inline-flex overflow-hidden rounded-lg border border-brand-700">
        {viewLink("list", t("home.viewList"))}
        {viewLink("map", t("home.viewMap"))}
      </nav>
      <button
        type="button"
        onClick={nearMe}
        // Without JavaScript the browser's position cannot be asked for.
        disabled={!hydrated || locating === "locating"}
        aria-pressed={nearest}
        className={cn(
          "inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand-700 px-4 font-medium disabled:opacity-60",
          nearest ? "bg-brand-700 text-white" : "bg-white text-brand-800 hover:bg-brand-50",
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="3" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
          <circle cx="12" cy="12" r="7" />
        </svg>
        {t("home.nearMe")}
      </button>
      <span className="inline-flex overflow-hidden rounded-lg border border-brand-700">
        {choice({ ...filters, sort: ratingSort }, topRated, t("home.topRated"), () => onSort(ratingSort))}
      </span>
      <p
        role="status"
        className={cn(
          "text-sm",
          locating === "denied" || locating === "failed" ? "font-medium text-red-800" : "text-stone-700",
        )}
        data-testid="near-me-status"
      >
        {message}
      </p>
    </div>
  );
}
