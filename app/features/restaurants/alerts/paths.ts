// The alerts' pages (ADR 024): the settings (signed in) and the unsubscribe page an e-mail links
// to (no sign-in). Under /account so the route facts' `/account/*` covers them (no new entry in
// the facts every page loads). Kept out of the `shared` chunk (vite.config.ts NOT_SHARED).
import { localizePath, type Language } from "../../../lib/i18n/language";

export const alertsPath = (language: Language): string => localizePath("/account/alerts", language);

export const unsubscribePath = (language: Language, token?: string): string =>
  localizePath("/account/alerts/unsubscribe", language) +
  (token === undefined ? "" : `?token=${encodeURIComponent(token)}`);
