import type { Route } from "./+types/legal";
import { LegalArticle } from "../features/legal/components/LegalArticle";
import { accessibilityStatement, privacyPolicy } from "../features/legal/content";
import { servicesContext } from "../lib/context";
import { brandName } from "../lib/i18n/brand";
import { detectLanguage, stripLanguagePrefix } from "../lib/i18n/language";
import { accessibilityPath, inBothLanguages, privacyPolicyPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";
import { pageMeta } from "../lib/seo.server";

const isAccessibility = (pathname: string) => stripLanguagePrefix(pathname) === accessibilityPath("en");

/**
 * The document comes with the page's data, in its language: the texts of both documents in both
 * languages (about 9 kB compressed) stay on the server instead of in the page's JavaScript.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  const { pathname } = url;
  const language = detectLanguage(pathname);
  const doc = isAccessibility(pathname)
    ? accessibilityStatement(language, settings.contactEmail)
    : privacyPolicy(language, settings.contactEmail);
  const pathFor = isAccessibility(pathname) ? accessibilityPath : privacyPolicyPath;
  return {
    doc,
    contactEmail: settings.contactEmail,
    // The spec: the date of viewing is shown as the last update.
    viewedOn: new Date().toISOString().slice(0, 10),
    meta: pageMeta({
      publicUrl: settings.publicUrl,
      language,
      title: `${doc.title} | ${brandName(language)}`,
      description: doc.intro.slice(0, 160),
      path: pathFor(language),
      alternates: inBothLanguages(pathFor),
    }),
  };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalArticle doc={loaderData.doc} contactEmail={loaderData.contactEmail} viewedOn={loaderData.viewedOn} />;
}
