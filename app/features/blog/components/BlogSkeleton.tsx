// The blog list's placeholder while it loads during a client transition: the root shows it, so it
// ships on every page, apart from the post image (BlogImage.tsx), which only the blog pages use.
export const BLOG_SKELETONS = 3;

/** The blog list while it loads during a client transition. */
export function BlogSkeleton({ label }: { label: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10" role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="h-9 w-72 animate-pulse rounded bg-stone-200" aria-hidden="true" />
      <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: BLOG_SKELETONS }, (_, i) => (
          <li
            key={i}
            data-testid="blog-skeleton"
            className="overflow-hidden rounded-xl border border-stone-200 bg-white"
          >
            <div className="aspect-[1200/630] animate-pulse bg-stone-200" />
            <div className="space-y-2 p-4">
              <div className="h-5 w-3/4 animate-pulse rounded bg-stone-200" />
              <div className="h-4 w-full animate-pulse rounded bg-stone-200" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
