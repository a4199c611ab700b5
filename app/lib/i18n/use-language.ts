import { useLocation } from "react-router";
import { detectLanguage, directionOf, type Language } from "./language";
import { translator, type Translate } from "./messages";

export interface LanguageInfo {
  language: Language;
  dir: "ltr" | "rtl";
  t: Translate;
}

/** The page language, from the current path (works on the server and in the browser). */
export function useLanguage(): LanguageInfo {
  const { pathname } = useLocation();
  const language = detectLanguage(pathname);
  return { language, dir: directionOf(language), t: translator(language) };
}
