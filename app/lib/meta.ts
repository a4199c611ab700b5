// A route's `meta` export. Public pages' tags (title, description, canonical, alternates, link
// previews) are made by their loaders on the server (seo.server.ts) and come with the page's data;
// the route only hands them over, so the browser needs none of the builder or its words. Pages behind
// sign-in, or opened from a one-time link, set only a title and keep out of search engines.
import type { MetaDescriptor } from "react-router";
import type { MessageKey } from "../locales/en";
import { detectLanguage } from "./i18n/language";
import { translator } from "./i18n/messages";

/**
 * The meta tags the page's loader made; `fallback` when its loader failed (its error page shows).
 * After a failed move in the browser React Router keeps the route's earlier data beside the error:
 * those are another page's tags.
 */
export function loaderMeta(
  { loaderData, error }: { loaderData?: { meta: MetaDescriptor[] } | undefined; error?: unknown },
  fallback: MetaDescriptor[] = [],
): MetaDescriptor[] {
  // React Router gives `error: null` when nothing failed.
  return error === undefined || error === null ? (loaderData?.meta ?? fallback) : fallback;
}

/** A page kept out of search engines (behind sign-in, or opened from a one-time link): "<title> | <brand>" in the page language. */
export function noindexPageMeta({ location }: { location: { pathname: string } }, title: MessageKey): MetaDescriptor[] {
  const t = translator(detectLanguage(location.pathname));
  return [{ title: `${t(title)} | ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
}
