// One-time messages that survive a redirect ("Successfully logged out"), in a signed cookie read
// and cleared by the next page.
import { createCookie, redirect } from "react-router";
import type { MessageKey } from "../locales/en";

export interface Toast {
  id: string;
  type: "success" | "error";
  message: MessageKey;
  /** The path of the page it was sent to (a redirect's target), when it was sent to one. */
  page?: string;
}

export function createToastStore(secret: string, secure: boolean) {
  const cookie = createCookie("kta_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [secret],
    secure,
    maxAge: 60,
  });
  return {
    /** A Set-Cookie header carrying the toast to the next page. */
    async set(toast: Omit<Toast, "id">): Promise<string> {
      return cookie.serialize({ ...toast, id: crypto.randomUUID() });
    },
    /**
     * The pending toast, and the header that clears it; only a page the visitor sees takes it. The
     * app's own data fetch takes it only for the page it was sent to: another tab of the same
     * browser refreshing its page's data in the background (a listing's live updates) would
     * otherwise take the toast meant for this tab. A document load takes it wherever it lands.
     */
    async take(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
      const dest = request.headers.get("sec-fetch-dest");
      if (!isNavigation(dest)) return { toast: null, clear: null };
      const value: unknown = await cookie.parse(request.headers.get("cookie"));
      if (!value || typeof value !== "object") return { toast: null, clear: null };
      const toast = value as Toast;
      if (dest === "empty" && toast.page !== undefined && toast.page !== pathOf(request))
        return { toast: null, clear: null };
      return { toast, clear: await cookie.serialize("", { maxAge: 0 }) };
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** Redirects with a toast for the page it leads to, keeping any other headers (e.g. session cookies). */
export async function redirectWithToast(
  toasts: ToastStore,
  url: string,
  toast: Omit<Toast, "id" | "page">,
  headers: Headers = new Headers(),
): Promise<Response> {
  headers.append("Set-Cookie", await toasts.set({ ...toast, page: new URL(url, "http://page").pathname }));
  return redirect(url, { headers });
}

/**
 * The path of the page a request shows: without the `.data` suffix of the app's data requests, which
 * for a path ending in a slash (the home page, `/`) is `_.data` (React Router's trailing-slash-aware
 * data requests, the app's setting) or, without that setting, `/_root.data`.
 */
function pathOf(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
}

/**
 * The address of the page an action was posted from, to send the browser back to it: the
 * request's path and query, without the `.data` suffix of the app's own data requests (which is
 * not a page: a redirect there showed "Page not found") nor React Router's `index` and `_routes` markers.
 */
export function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathOf(request)}${search ? `?${search}` : ""}`;
}

/**
 * A request that shows a page to the visitor: a document navigation or the app's own data fetch.
 * An image, script or style request that lands on a page (a wrong image address) is not one and
 * must not take the toast meant for the next page. Without fetch metadata (older
 * browsers), every request counts as a navigation.
 */
export function isNavigation(secFetchDest: string | null): boolean {
  return secFetchDest === null || secFetchDest === "document" || secFetchDest === "empty";
}
