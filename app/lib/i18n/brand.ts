// The site's name in a language, from the message catalogue ("brand.name"): titles, meta, e-mails,
// the authenticator-app label and the mail sender use this, so the name is written in one place.
// Call it when the text is made, never at a module's top level: in the browser the catalogue is
// filled only after the modules have loaded (entry.client.tsx), so a name read at load time is
// the key "brand.name" (issue 26).
import type { Language } from "./language";
import { translator } from "./messages";

export function brandName(language: Language): string {
  return translator(language)("brand.name");
}
