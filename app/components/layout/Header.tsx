import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { NavLink } from "../ui/NavLink";
import { switchLanguagePath } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { accountPath, blogsPath, savedPath, dashboardPath, homePath, loginPath } from "../../lib/paths";
import type { MessageKey } from "../../locales/en";
import { cn } from "../../lib/cn";

const MobileMenu = lazy(() => import("./MobileMenu"));

export interface Viewer {
  firstName: string;
  role: "admin" | "owner" | "guest";
  /**
   * May enter the dashboard: the server asks the rule book (lib/permissions) in the root's loader,
   * so the rule book is not in every page's first-visit JavaScript.
   */
  dashboard: boolean;
}

const COMPACT_AFTER_PX = 10;

function useCompactOnScroll(): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    const update = () => setCompact(window.scrollY > COMPACT_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return compact;
}

interface NavItem {
  to: string;
  label: MessageKey;
  end?: boolean;
}

export function Header({ viewer }: { viewer?: Viewer | undefined }) {
  const { language, t, ti } = useLanguage();
  const { pathname } = useLocation();
  const compact = useCompactOnScroll();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's dialog code (radix) loads when the menu is first opened, then stays.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const items: NavItem[] = [
    { to: homePath(language), label: "nav.home", end: true },
    { to: blogsPath(language), label: "nav.blogs" },
    { to: savedPath(language), label: "nav.saved" },
  ];
  if (viewer?.dashboard) {
    items.push({ to: dashboardPath(language), label: "nav.dashboard" });
  }
  const otherLanguage = language === "he" ? "en" : "he";
  const toggle = (
    <Link
      to={switchLanguagePath(pathname, otherLanguage)}
      lang={otherLanguage}
      hrefLang={otherLanguage}
      aria-label={t("nav.switchLanguageLabel")}
      className="rounded-full border border-brand-700 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
    >
      {t("nav.switchLanguage")}
    </Link>
  );
  const welcome = viewer ? (
    <p className="text-sm text-stone-700" data-testid="welcome">
      <Link to={accountPath(language)} className="underline-offset-4 hover:underline">
        {ti("nav.welcome", { name: viewer.firstName })}
      </Link>{" "}
      <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
        {t(`role.${viewer.role}`)}
      </span>
    </p>
  ) : (
    // A visitor finds "Log in" here as well as in the footer; it comes back to this page (not from
    // the home page or the log-in page itself). The login page cleans it, as any `next`.
    <Link
      to={loginPath(
        language,
        pathname === homePath(language) || pathname === loginPath(language) ? undefined : pathname,
      )}
      className="rounded-md px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
    >
      {t("footer.login")}
    </Link>
  );

  return (
    <header
      className={cn(
        "sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur transition-[padding] duration-200",
        compact ? "py-1.5 shadow-sm" : "py-3 sm:py-4",
      )}
      data-compact={compact ? "true" : "false"}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4">
        <Link
          to={homePath(language)}
          className={cn("font-bold text-brand-800 transition-[font-size]", compact ? "text-lg" : "text-xl")}
        >
          {t("brand.name")}
        </Link>
        <nav aria-label={t("nav.main")} className="ms-auto hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end ?? false}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium",
                  isActive ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-100",
                )
              }
            >
              {t(item.label)}
            </NavLink>
          ))}
          <span className="ms-2">{toggle}</span>
        </nav>
        <div className="hidden md:block">{welcome}</div>

        <button
          ref={menuButton}
          type="button"
          className="ms-auto inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 md:hidden"
          aria-label={t("nav.openMenu")}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          data-state={drawerOpen ? "open" : "closed"}
          onClick={() => {
            setDrawerLoaded(true);
            setDrawerOpen(true);
          }}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </button>
        {drawerLoaded ? (
          <Suspense fallback={null}>
            <MobileMenu
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              returnFocus={menuButton}
              title={t("nav.menuTitle")}
              closeLabel={t("nav.closeMenu")}
              dir={language === "he" ? "rtl" : "ltr"}
            >
              <div onClick={() => setDrawerOpen(false)}>{welcome}</div>
              <nav aria-label={t("nav.main")} className="flex flex-col gap-1">
                {items.map((item) => (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    end={item.end ?? false}
                    onClick={() => setDrawerOpen(false)}
                    className="rounded-md px-3 py-2 font-medium text-stone-800 hover:bg-stone-100"
                  >
                    {t(item.label)}
                  </NavLink>
                ))}
              </nav>
              <div onClick={() => setDrawerOpen(false)}>{toggle}</div>
            </MobileMenu>
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
