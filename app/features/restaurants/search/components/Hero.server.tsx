// The home page's heading, its line and its two badges. Rendered to HTML on the server only
// (../hero-html.server.tsx): it never changes in the browser, so no browser loads this code or its words.
import type { Translate } from "../../../../lib/i18n/messages";

export function Hero({ t }: { t: Translate }) {
  return (
    <section className="bg-gradient-to-b from-brand-800 to-brand-700 px-4 py-10 text-center text-white sm:py-14">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{t("home.title")}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">{t("home.subtitle")}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2 text-sm font-medium">
        <li className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z" />
            <circle cx="12" cy="10" r="2.5" />
          </svg>
          {t("home.badgeArea")}
        </li>
        <li className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {/* A shield without a check: the listings' kashrut is shown, not vouched for. */}
            <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
          </svg>
          {t("home.badgeVerified")}
        </li>
      </ul>
    </section>
  );
}
