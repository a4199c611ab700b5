// The site's name in a language: titles, meta, e-mails, the authenticator-app label and the mail
// sender use this. It reads the constant the catalogues' "brand.name" is made of, not the
// translator, so it is right even before any catalogue is loaded: e-mails.ts, the legal texts and
// the configuration read it while their module is first evaluated, which in the server's bundle
// comes before the catalogues are added.
import { BRAND_NAME } from "../../locales/brand";
import type { Language } from "./language";

export function brandName(language: Language): string {
  return BRAND_NAME[language];
}
