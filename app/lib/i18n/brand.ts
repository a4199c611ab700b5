// The site's name in a language, from the message catalogue ("brand.name"): titles, meta, e-mails,
// the authenticator-app label and the mail sender use this, so the name is written in one place.
import type { Language } from "./language";
import { translator } from "./messages";

export function brandName(language: Language): string {
  return translator(language)("brand.name");
}
