// Typed message lookup with {placeholder} interpolation, over the catalogues this runtime holds.
//
// The catalogues come in areas (ADR 012): the server and the tests hold every message
// (`addMessages` with the whole catalogue, in all-messages.server.ts); the browser loads the page
// language's `site` area before it hydrates, and the `manage` area when a dashboard or account page
// is opened (app/page-messages.ts). A key whose area is not loaded shows as the key itself, which the
// message-area test keeps from happening: every page's keys are in the areas loaded for its path.
import type { MessageKey, Messages } from "../../locales/en";
import type { Language } from "./language";

const catalogues: Record<Language, Partial<Messages>> = { en: {}, he: {} };

/** Adds messages (a whole catalogue or one area of it) to what `translator` can show. */
export function addMessages(language: Language, messages: Partial<Messages>): void {
  Object.assign(catalogues[language], messages);
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A message template with its {placeholders} filled; one without a value is left as it is. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export function translator(language: Language): Translate {
  const messages = catalogues[language];
  return (key, values) => {
    const template = messages[key] ?? key;
    return values ? interpolate(template, values) : template;
  };
}
