// The toast area (sonner), loaded only once a page needs it: a flash toast from the server, or a
// page whose code may show toasts (dashboard and account pages). Public pages do not download it at first paint.
// Toasts raised before it mounts are replayed by sonner when it subscribes.
import { lazy, Suspense, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";

// The site's toast area and sonner, in one file loaded when first needed.
const Toaster = lazy(() => import("./AppToaster"));

/**
 * Pages that may show toasts from their own code or be sent one by a redirect: the dashboard and the
 * account pages. Not the public ones, the sign-in and sign-up pages included (nothing toasts there, and
 * nothing redirects to them with a toast; were a flash toast to come, `pending` loads the area for it).
 */
const TOASTING_PAGES = /^\/(?:he\/)?(?:dashboard|account)(?:\/|$)/;

export function LazyToaster({ dir, pathname, pending }: { dir: "ltr" | "rtl"; pathname: string; pending: boolean }) {
  const needed = pending || TOASTING_PAGES.test(pathname);
  // Only in the browser (nothing to hydrate against), and it stays once loaded.
  const hydrated = useHydrated();
  const [mounted, setMounted] = useState(false);
  if (hydrated && needed && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster dir={dir} />
    </Suspense>
  ) : null;
}

/** Shows a toast, loading sonner first. */
export function showToast(type: "success" | "error", message: string, options: { id: string }): void {
  void import("sonner").then(({ toast }) =>
    type === "error" ? toast.error(message, options) : toast.success(message, options),
  );
}
