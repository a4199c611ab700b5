// The site's name in a language: titles, meta, e-mails, the authenticator-app label and the mail
// sender use this. It reads the constant the catalogues' "brand.name" is made of, not the
// translator, so it is right even before any catalogue is loaded (in the server's bundle, modules
// are evaluated before the catalogues are added; in the browser, before the page's area arrives).
// Read it when the text is made all the same.
import { BRAND_NAME } from "../../locales/brand";
import type { Language } from "./language";

export function brandName(language: Language): string {
  return BRAND_NAME[language];
}
