// Page metadata in the server HTML: title, description, canonical URL, hreflang alternates,
// Open Graph and Twitter card tags, so shared links preview in chat apps without JavaScript.
import type { MetaDescriptor } from "react-router";
import type { MessageKey } from "../locales/en";
import { brandName } from "./i18n/brand";
import { detectLanguage, type Language } from "./i18n/language";
import { translator } from "./i18n/messages";
import { inBothLanguages } from "./paths";

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

/** The public URL the root loader exposes to every route's meta function. */
export function publicUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "http://localhost:3000";
}

/**
 * Meta for a simple page that exists in both languages (`path` gives its path in each): "<title> |
 * <brand>" in the page language, a description from the catalogue, the canonical URL and both alternates.
 */
export function simplePageMeta(
  {
    location,
    matches,
  }: { location: { pathname: string }; matches: ReadonlyArray<{ id: string; data?: unknown } | undefined> },
  page: { title: MessageKey; description: MessageKey; path: (language: Language) => string; noindex?: boolean },
): MetaDescriptor[] {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language,
    title: `${t(page.title)} | ${t("brand.name")}`,
    description: t(page.description),
    path: page.path(language),
    alternates: inBothLanguages(page.path),
    ...(page.noindex ? { noindex: true } : {}),
  });
}

/** A page kept out of search engines (behind sign-in, or opened from a one-time link): "<title> | <brand>" in the page language. */
export function noindexPageMeta({ location }: { location: { pathname: string } }, title: MessageKey): MetaDescriptor[] {
  const t = translator(detectLanguage(location.pathname));
  return [{ title: `${t(title)} | ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
}
