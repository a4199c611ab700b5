import type { Bilingual } from "../../../../lib/i18n/language";
import { localizedWithLanguage } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";

/**
 * A listing's text in the page's language, or the English where there is no Hebrew: isolated, and
 * marked with the language it is really in (a screen reader then reads it in that language).
 */
export function Shown({ value }: { value: Bilingual }) {
  const { language } = useLanguage();
  const { text, lang } = localizedWithLanguage(value, language);
  return (
    <bdi lang={lang} dir="auto">
      {text}
    </bdi>
  );
}
