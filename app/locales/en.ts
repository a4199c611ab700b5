// The English catalogue, in two areas (ADR 012): `site` (the shell and the public pages) and
// `manage` (the dashboard and account pages), so a public page's browser loads only the first.
// The Hebrew catalogue must have exactly these keys, area by area (checked by the types).
import { enManage } from "./en/manage";
import { enSite } from "./en/site";

export type SiteKey = keyof typeof enSite;
export type ManageKey = keyof typeof enManage;
export type MessageKey = SiteKey | ManageKey;
export type SiteMessages = Record<SiteKey, string>;
export type ManageMessages = Record<ManageKey, string>;
export type Messages = Record<MessageKey, string>;

/** Every English message, for the server and the tests; the browser loads an area at a time. */
export const en: Messages = { ...enSite, ...enManage };
