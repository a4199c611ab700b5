import { Fragment, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { MessageKey } from "../../locales/en";
import { detectLanguage, directionOf, type Language } from "./language";
import { translator, type Translate } from "./messages";

export interface LanguageInfo {
  language: Language;
  dir: "ltr" | "rtl";
  t: Translate;
  /**
   * A message whose {placeholders} hold user data (a name, opening hours, an address), each value
   * in its own `<bdi>`: an English or numeric value inside a Hebrew sentence keeps its order and
   * does not pull the sentence's punctuation around.
   */
  ti: (key: MessageKey, values: Record<string, string | number>) => ReactNode;
}

/** The message's text split at its placeholders, each value isolated. */
export function isolatedMessage(template: string, values: Record<string, string | number>): ReactNode {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined || !(name in values)) return <Fragment key={index}>{part}</Fragment>;
    return <bdi key={index}>{values[name]}</bdi>;
  });
}

/** The page language, from the current path (works on the server and in the browser). */
export function useLanguage(): LanguageInfo {
  const { pathname } = useLocation();
  const language = detectLanguage(pathname);
  const t = translator(language);
  return { language, dir: directionOf(language), t, ti: (key, values) => isolatedMessage(t(key), values) };
}
