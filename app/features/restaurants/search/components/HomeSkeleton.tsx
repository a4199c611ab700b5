import { useLanguage } from "../../../../lib/i18n/use-language";
import { Hero } from "./Hero";

export const SKELETON_CARDS = 8;

export function SkeletonGrid() {
  const { t } = useLanguage();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t("home.loading")}</span>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} data-testid="skeleton-card" className="overflow-hidden rounded-xl border border-stone-200 bg-white">
            <div className="aspect-[3/2] animate-pulse bg-stone-200" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-stone-200" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-stone-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The home page while its data loads during a client transition. */
export function HomeSkeleton() {
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-7xl px-4 py-8">
        <SkeletonGrid />
      </div>
    </>
  );
}
