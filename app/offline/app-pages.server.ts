// The installable site's two server-made answers (ADR 024): the web app manifest and the offline
// page, each in one language. Pure; the server answers them (server/app.ts), the service worker keeps
// the offline page (app/service-worker.ts).
import { directionOf, localizePath, type Language } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { homePath } from "../lib/paths";
import { BACKGROUND_COLOR, plainPage, THEME_COLOR } from "../lib/plain-page";

/** The manifest's path for a page's language, linked from every page in that language (root.tsx builds the same). */
export function manifestPath(language: Language): string {
  return localizePath("/manifest.webmanifest", language);
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: Language;
  dir: "ltr" | "rtl";
  start_url: string;
  scope: string;
  display: "standalone";
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: "any" | "maskable" }[];
}

/**
 * The web app manifest in one language: installed from a Hebrew page, the app is named in Hebrew and
 * opens on the Hebrew home page. Each language is its own app (`id`), so the two never overwrite each other.
 */
export function webManifest(language: Language): WebManifest {
  const t = translator(language);
  const start = homePath(language);
  return {
    id: start,
    name: t("brand.name"),
    short_name: t("app.shortName"),
    description: t("meta.defaultDescription"),
    lang: language,
    dir: directionOf(language),
    start_url: start,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/**
 * The offline page in one language: what the service worker shows for a page it has not kept when
 * there is no network. Complete in itself (no scripts, no stylesheet files), so it needs nothing
 * else from the network or the cache.
 */
export function offlinePage(language: Language): string {
  const t = translator(language);
  return plainPage(language, {
    title: t("offline.title"),
    body: t("offline.body"),
    link: { href: homePath(language), text: t("notFound.home") },
  });
}
