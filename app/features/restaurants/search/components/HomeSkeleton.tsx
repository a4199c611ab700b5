import { useLanguage } from "../../../../lib/i18n/use-language";

export const SKELETON_CARDS = 8;

export function SkeletonGrid() {
  const { t } = useLanguage();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t("home.loading")}</span>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li
            key={i}
            data-testid="skeleton-card"
            className="overflow-hidden rounded-xl border border-stone-200 bg-white"
          >
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

/**
 * The home page while its data loads during a client transition. The root shows it on every page,
 * so its hero is a placeholder of the same shape, not the hero itself (whose code and words would
 * then be on every page's first visit).
 */
export function HomeSkeleton() {
  return (
    <>
      <div aria-hidden="true" className="bg-gradient-to-b from-brand-800 to-brand-700 px-4 py-10 sm:py-14">
        <div className="mx-auto h-9 max-w-md animate-pulse rounded bg-white/20 sm:h-10" />
        <div className="mx-auto mt-3 h-14 max-w-2xl animate-pulse rounded bg-white/15 sm:h-7" />
        <div className="mx-auto mt-6 h-7 max-w-xs animate-pulse rounded-full bg-white/15" />
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <SkeletonGrid />
      </div>
    </>
  );
}
