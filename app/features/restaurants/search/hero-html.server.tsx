// The home page's heading as HTML, made on the server as the restaurant page's reviews are: it never
// changes in the browser, so the page shows it as it is and a browser loads neither its code nor its
// words (the first visit's budget, ADR 035).
import { renderToStaticMarkup } from "react-dom/server";
import type { Language } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import { Hero } from "./components/Hero.server";

/** Made once per language: its words are the same for every visit. */
const made = new Map<Language, string>();

export function heroHtml(language: Language): string {
  let html = made.get(language);
  if (html === undefined) {
    html = renderToStaticMarkup(<Hero t={translator(language)} />);
    made.set(language, html);
  }
  return html;
}
