import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
} from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/Footer";
import { Header } from "./components/layout/Header";
import { HomeSkeleton } from "./features/restaurants/components/HomeSkeleton";
import { servicesContext } from "./lib/context";
import { stripLanguagePrefix } from "./lib/i18n/language";
import { useLanguage } from "./lib/i18n/use-language";
import "./app.css";

export function loader({ context }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  return { publicUrl: settings.publicUrl };
}

const isHome = (pathname: string) => stripLanguagePrefix(pathname) === "/";

export function Layout({ children }: { children: ReactNode }) {
  const { language, dir, t } = useLanguage();
  return (
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#114a2d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const location = useLocation();
  // Client transitions to the home page show its skeleton while the list loads.
  const loadingHome =
    navigation.state === "loading" && isHome(navigation.location.pathname) && !isHome(location.pathname);
  return (
    <>
      <Header />
      <main id="main" className="flex-1">
        {loadingHome ? <HomeSkeleton /> : <Outlet />}
      </main>
      <Footer />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { language, t } = useLanguage();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <>
      <Header />
      <main id="main" className="flex-1">
        <div className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-3xl font-bold">{notFound ? t("notFound.title") : t("error.title")}</h1>
          {notFound ? null : <p className="mt-4 text-stone-700">{t("error.body")}</p>}
          <Link
            to={language === "he" ? "/he" : "/"}
            className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
          >
            {t("notFound.home")}
          </Link>
        </div>
      </main>
      <Footer />
    </>
  );
}
