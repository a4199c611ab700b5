import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/Footer";
import { Header } from "./components/layout/Header";
import { LazyToaster, showToast } from "./components/ui/LazyToaster";
import { savedSlugs } from "./features/restaurants/saved/saved.server";
import { SavedProvider } from "./features/restaurants/saved/use-saved";
import { servicesContext } from "./lib/context";
import { can } from "./lib/permissions";
import { viewerContext, viewerMiddleware } from "./lib/session.server";
import { loadMessagesFor } from "./page-messages";
import type * as PageSkeletons from "./page-skeletons";
import { detectLanguage, localizePath, stripLanguagePrefix } from "./lib/i18n/language";
import { translator } from "./lib/i18n/messages";
import { useLanguage } from "./lib/i18n/use-language";
import { blogsPath, homePath } from "./lib/paths";
import "./app.css";

export const middleware: Route.MiddlewareFunction[] = [viewerMiddleware];

/**
 * Before the browser shows another page, the messages it shows are loaded (ADR 012): the manage
 * area on the way into the dashboard, the other language's site area on a language switch. Only
 * a page load (GET) leads to a page; a form's POST answers the page it was sent from, whose
 * messages are here. An area already loaded costs nothing.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method === "GET") await loadMessagesFor(new URL(request.url).pathname);
    return next();
  },
];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, toasts } = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  const { toast, clear } = await toasts.take(request);
  // The toast is shown on whatever page the redirect led to, so its text is written here, in that
  // page's language: the browser may not hold the message's area (ADR 012).
  // The page's address is `url`: the request is as sent, and a move in the browser asks for `/he.data`.
  const t = translator(detectLanguage(url.pathname));
  return data(
    {
      // Only what the shell shows; pages that need more load it themselves.
      // Whether it may enter the dashboard is asked here, so the browser needs no rule book (the header's link).
      viewer: viewer
        ? { firstName: viewer.firstName, role: viewer.role, dashboard: can(viewer, "dashboard:enter") }
        : null,
      // A signed-in viewer's saved places (their Save buttons); a visitor's are on the device.
      saved: viewer ? await savedSlugs(db, viewer.id) : null,
      toast: toast ? { id: toast.id, type: toast.type, text: t(toast.message) } : null,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/**
 * The shell's data (viewer, flash toast) does not depend on the home page's filters: a filter or a
 * search typed there must not cost a trip to the server for it. Anything else (form submissions,
 * other pages, redirects from them) revalidates as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const home = currentUrl.pathname === homePath("en") || currentUrl.pathname === homePath("he");
  if (home && !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search)
    return false;
  return defaultShouldRevalidate;
}

function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Shows the toast a redirect carried (e.g. "Successfully logged out"), once. */
function FlashToast() {
  const toast = useRootData()?.toast;
  const show = useEffectEvent((pending: NonNullable<typeof toast>) => {
    // The id makes a toast appear once even if the page renders again.
    showToast(pending.type === "error" ? "error" : "success", pending.text, { id: pending.id });
  });
  useEffect(() => {
    if (toast) show(toast);
  }, [toast]);
  return null;
}

const isHome = (pathname: string) => stripLanguagePrefix(pathname) === "/";

type Skeletons = typeof PageSkeletons;
let loadingSkeletons: Promise<Skeletons> | undefined;

/**
 * The page placeholders (app/page-skeletons.ts), once a transition that shows one has started:
 * their code is fetched then, in parallel with the page's data, and the loading bar shows until it is
 * in. A failed fetch (offline) leaves the bar; the next transition tries again.
 */
function useSkeletons(wanted: boolean): Skeletons | undefined {
  const [loaded, setLoaded] = useState<Skeletons>();
  useEffect(() => {
    if (!wanted || loaded) return;
    loadingSkeletons ??= import("./page-skeletons").catch((error: unknown) => {
      loadingSkeletons = undefined;
      throw error;
    });
    loadingSkeletons.then(setLoaded, () => undefined);
  }, [wanted, loaded]);
  return loaded;
}

export function Layout({ children }: { children: ReactNode }) {
  const { language, dir, t } = useLanguage();
  const { pathname } = useLocation();
  const toast = useRootData()?.toast;
  // The app runs once the page is hydrated (its scripts start after the first paint, ADR 011):
  // `<html data-hydrated>` says so, for styles and for the browser tests, which wait for it.
  // This effect is the last of the first render's to run, so every other effect ran before it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#114a2d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The installable site, named and started in the page's language (app/offline/app-pages.server.ts, answered by server/app.ts). */}
        <link rel="manifest" href={localizePath("/manifest.webmanifest", language)} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {t("a11y.skipToContent")}
        </a>
        {children}
        <LazyToaster dir={dir} pathname={pathname} pending={Boolean(toast)} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { t } = useLanguage();
  const data = useRootData();
  const viewer = data?.viewer ?? undefined;
  const navigation = useNavigation();
  const location = useLocation();
  // Client transitions to the home page show its skeleton while the list loads.
  const loadingHome =
    navigation.state === "loading" && isHome(navigation.location.pathname) && !isHome(location.pathname);
  const loadingBlogs =
    navigation.state === "loading" && navigation.location.pathname === blogsPath() && location.pathname !== blogsPath();
  const skeleton = useSkeletons(loadingHome || loadingBlogs);
  const busy = navigation.state === "loading" && !(skeleton && (loadingHome || loadingBlogs));
  return (
    <>
      {/* A thin bar while a page's data loads during client navigation. */}
      <div
        role="progressbar"
        aria-hidden={!busy}
        aria-label={t("home.loading")}
        className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-accent-500 transition-opacity duration-300 rtl:origin-right ${busy ? "animate-pulse opacity-100" : "opacity-0"}`}
      />
      <Header viewer={viewer} />
      <main id="main" className="flex-1" aria-busy={busy}>
        {/* Every Save button on the page reads the saved places from here. */}
        <SavedProvider account={data?.saved ?? null}>
          {skeleton && loadingHome ? (
            <skeleton.HomeSkeleton />
          ) : skeleton && loadingBlogs ? (
            <skeleton.BlogSkeleton label={t("blog.loading")} />
          ) : (
            <Outlet />
          )}
        </SavedProvider>
      </main>
      <Footer signedIn={Boolean(viewer)} />
      <FlashToast />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { language, t } = useLanguage();
  const location = useLocation();
  const viewer = useRootData()?.viewer ?? undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The server's 503 (database unreachable) reaches a page changing in the browser as this error.
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  // A 4xx thrown on purpose (403 access denied, 405 no action) is the client's, not a fault to log;
  // an outage is the server's to report, not this page's.
  if (!(isRouteErrorResponse(error) && (error.status < 500 || unavailable))) console.error(error);
  const heading = notFound ? t("notFound.title") : unavailable ? t("unavailable.title") : t("error.title");
  return (
    <>
      {/* The failed route's meta is gone with it: the page still needs a title (React puts it in the head). */}
      <title>{`${heading} – ${t("brand.name")}`}</title>
      <Header viewer={viewer} />
      <main id="main" className="flex-1">
        <div className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-3xl font-bold">{heading}</h1>
          {notFound ? null : (
            <p className="mt-4 text-stone-700">{unavailable ? t("unavailable.body") : t("error.body")}</p>
          )}
          {unavailable ? (
            // A full load of the page the visitor wanted: the simplest retry, and it works without JavaScript.
            <a
              href={location.pathname + location.search}
              className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
            >
              {t("unavailable.retry")}
            </a>
          ) : (
            <Link
              to={homePath(language)}
              className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
            >
              {t("notFound.home")}
            </Link>
          )}
        </div>
      </main>
      <Footer signedIn={Boolean(viewer)} />
    </>
  );
}
