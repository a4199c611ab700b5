// A page complete in itself, in the site's look and its language: no scripts, no stylesheet files,
// nothing else to fetch but the site's icon (which the service worker keeps). The 503 page while
// the database is down (unavailable.ts) and the service worker's offline page (app/offline/app-pages.server.ts).
import { directionOf, type Language } from "./i18n/language";
import { translator } from "./i18n/messages";

/** The design's colours: the brand green of the header and favicon, the page's stone-50 background. */
export const THEME_COLOR = "#114a2d";
export const BACKGROUND_COLOR = "#fafaf9";

/** The site's name, then the title as the page's heading, a paragraph, and one link. */
export function plainPage(
  language: Language,
  { title, body, link }: { title: string; body: string; link: { href: string; text: string } },
): string {
  const brand = translator(language)("brand.name");
  return `<!DOCTYPE html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${THEME_COLOR}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${title} – ${brand}</title>
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
<p class="brand">${brand}</p>
<h1>${title}</h1>
<p>${body}</p>
<a href="${link.href}">${link.text}</a>
</main>
</body>
</html>
`;
}
