// Typed message lookup with {placeholder} interpolation.
import { en, type MessageKey, type Messages } from "../../locales/en";
import { he } from "../../locales/he";
import type { Language } from "./language";

const catalogues: Record<Language, Messages> = { en, he };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  const messages = catalogues[language];
  return (key, values) => {
    const template = messages[key];
    if (!values) return template;
    return template.replace(/\{(\w+)\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
  };
}
