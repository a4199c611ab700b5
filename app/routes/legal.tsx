import type { Route } from "./+types/legal";
import { LegalArticle } from "../features/legal/components/LegalArticle";
import { accessibilityStatement, privacyPolicy } from "../features/legal/content";
import { servicesContext } from "../lib/context";
import { brandName } from "../lib/i18n/brand";
import { detectLanguage, stripLanguagePrefix } from "../lib/i18n/language";
import { accessibilityPath, inBothLanguages, privacyPolicyPath } from "../lib/paths";
import { pageMeta, publicUrlFrom } from "../lib/seo";

const isAccessibility = (pathname: string) => stripLanguagePrefix(pathname) === accessibilityPath("en");

/**
 * The document comes with the page's data, in its language: the texts of both documents in both
 * languages (about 9 kB compressed) stay on the server instead of in the page's JavaScript.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  const { pathname } = new URL(request.url);
  const language = detectLanguage(pathname);
  const doc = isAccessibility(pathname)
    ? accessibilityStatement(language, settings.contactEmail)
    : privacyPolicy(language, settings.contactEmail);
  // The spec: the date of viewing is shown as the last update.
  return { doc, contactEmail: settings.contactEmail, viewedOn: new Date().toISOString().slice(0, 10) };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const pathFor = isAccessibility(location.pathname) ? accessibilityPath : privacyPolicyPath;
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language,
    title: `${loaderData?.doc.title ?? ""} | ${brandName(language)}`,
    description: loaderData?.doc.intro.slice(0, 160) ?? "",
    path: pathFor(language),
    alternates: inBothLanguages(pathFor),
  });
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalArticle doc={loaderData.doc} contactEmail={loaderData.contactEmail} viewedOn={loaderData.viewedOn} />;
}
