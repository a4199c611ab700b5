import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { switchLanguagePath } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { accountPath, blogsPath, dashboardPath, homePath } from "../../lib/paths";
import type { MessageKey } from "../../locales/en";
import { cn } from "../../lib/cn";
import { can } from "../../lib/permissions";

export interface Viewer {
  firstName: string;
  role: "admin" | "owner" | "guest";
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
  const { language, t } = useLanguage();
  const { pathname } = useLocation();
  const compact = useCompactOnScroll();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const items: NavItem[] = [
    { to: homePath(language), label: "nav.home", end: true },
    { to: blogsPath(language), label: "nav.blogs" },
  ];
  if (can(viewer, "dashboard:enter")) {
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
        {t("nav.welcome", { name: viewer.firstName })}
      </Link>{" "}
      <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-800">{t(`role.${viewer.role}`)}</span>
    </p>
  ) : null;

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

        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Trigger
            className="ms-auto inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 md:hidden"
            aria-label={t("nav.openMenu")}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
            <Dialog.Content
              className="fixed inset-y-0 end-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 bg-white p-5 shadow-xl"
              dir={language === "he" ? "rtl" : "ltr"}
              aria-describedby={undefined}
            >
              <div className="flex items-center justify-between">
                <Dialog.Title className="text-lg font-semibold">{t("nav.menuTitle")}</Dialog.Title>
                <Dialog.Close
                  className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-stone-100"
                  aria-label={t("nav.closeMenu")}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                  </svg>
                </Dialog.Close>
              </div>
              {welcome}
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
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </header>
  );
}
