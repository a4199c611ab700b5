// The installable site's two server-made answers (issue 30): the web app manifest and the offline
// page, each in one language. Pure; the routes app/routes/manifest.ts and app/routes/offline.ts
// answer them, the service worker keeps the offline page (app/service-worker.ts).
import { directionOf, localizePath, type Language } from "../i18n/language";
import { translator } from "../i18n/messages";
import { homePath } from "../paths";

/** The design's colours: the brand green of the header and favicon, the page's stone-50 background. */
export const THEME_COLOR = "#114a2d";
export const BACKGROUND_COLOR = "#fafaf9";

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
  return `<!DOCTYPE html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${THEME_COLOR}">
<title>${t("offline.title")} – ${t("brand.name")}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:${BACKGROUND_COLOR};color:#1c1917}
main{max-width:36rem;padding:2rem;text-align:center}
p.brand{font-size:1rem;font-weight:700;color:${THEME_COLOR};margin:0 0 1.5rem}
h1{font-size:1.75rem;margin:0 0 1rem}
p{color:#44403c;line-height:1.5}
a{display:inline-block;margin-top:1.5rem;padding:.6rem 1.25rem;border-radius:.375rem;background:${THEME_COLOR};color:#fff;text-decoration:none}
a:focus-visible{outline:2px solid ${THEME_COLOR};outline-offset:2px}
</style>
</head>
<body>
<main id="main">
<p class="brand">${t("brand.name")}</p>
<h1>${t("offline.title")}</h1>
<p>${t("offline.body")}</p>
<a href="${homePath(language)}">${t("notFound.home")}</a>
</main>
</body>
</html>
`;
}
