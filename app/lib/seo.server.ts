// Page metadata in the server HTML: title, description, canonical URL, hreflang alternates,
// Open Graph and Twitter card tags, so shared links preview in chat apps without JavaScript.
// A page's loader makes them and sends them with its data (`meta` in its answer); the route's
// `meta` export only hands them over (lib/meta.ts). So the browser carries neither this builder
// nor the words only titles and descriptions use (locales/en/written.ts).
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import type { MessageKey } from "../locales/en";
import { servicesContext } from "./context";
import { brandName } from "./i18n/brand";
import { detectLanguage, type Language } from "./i18n/language";
import { translator } from "./i18n/messages";
import { homePath, inBothLanguages } from "./paths";

export interface PageMetaInput {
  publicUrl: string;
  language: Language;
  title: string;
  description: string;
  /** This page's path (no query). */
  path: string;
  /** The same page in each language; omit for pages that exist in one language only. */
  alternates?: Record<Language, string>;
  /** Absolute or site-relative image URL for link previews. */
  image?: string;
  type?: "website" | "article" | "restaurant";
  noindex?: boolean;
}

export const DEFAULT_SHARE_IMAGE = "/images/share.png";

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, publicUrl + "/").toString();
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const canonical = absoluteUrl(input.publicUrl, input.path);
  const image = absoluteUrl(input.publicUrl, input.image ?? DEFAULT_SHARE_IMAGE);
  const meta: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: brandName(input.language) },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: input.type === "article" ? "article" : "website" },
    { property: "og:image", content: image },
    { property: "og:locale", content: input.language === "he" ? "he_IL" : "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.alternates) {
    meta.push(
      { tagName: "link", rel: "alternate", hrefLang: "en", href: absoluteUrl(input.publicUrl, input.alternates.en) },
      { tagName: "link", rel: "alternate", hrefLang: "he", href: absoluteUrl(input.publicUrl, input.alternates.he) },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: absoluteUrl(input.publicUrl, input.alternates.en),
      },
      { property: "og:locale:alternate", content: input.language === "he" ? "en_US" : "he_IL" },
    );
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}

/**
 * A loader's page address and context: what a page's meta is made from. The page's address is the
 * loader's `url`, not its request's: React Router passes loaders the request as sent, and a move in
 * the browser asks for the page's data at `<path>.data` (`/he.data` is not under `/he/`).
 */
export interface PageRequest {
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/** The page's language (from its path) and the site's public address, for its meta. */
export function pageSite({ url, context }: PageRequest): { language: Language; publicUrl: string } {
  return {
    language: detectLanguage(url.pathname),
    publicUrl: context.get(servicesContext).settings.publicUrl,
  };
}

/**
 * Meta for a simple page that exists in both languages (`path` gives its path in each): "<title> |
 * <brand>" in the page language, a description from the catalogue (the site's own when none is given),
 * the canonical URL and both alternates.
 */
export function simplePageMeta(
  { url, context }: PageRequest,
  page: { title: MessageKey; description?: MessageKey; path: (language: Language) => string; noindex?: boolean },
): MetaDescriptor[] {
  const { language, publicUrl } = pageSite({ url, context });
  const t = translator(language);
  return pageMeta({
    publicUrl,
    language,
    title: `${t(page.title)} | ${t("brand.name")}`,
    description: t(page.description ?? "meta.defaultDescription"),
    path: page.path(language),
    alternates: inBothLanguages(page.path),
    ...(page.noindex ? { noindex: true } : {}),
  });
}

/** The home page's tags: the site's own title and description, whatever its filters. */
export function homePageMeta(page: PageRequest): MetaDescriptor[] {
  const { language, publicUrl } = pageSite(page);
  const t = translator(language);
  return pageMeta({
    publicUrl,
    language,
    title: t("meta.defaultTitle"),
    description: t("meta.defaultDescription"),
    path: homePath(language),
    alternates: inBothLanguages(homePath),
  });
}
