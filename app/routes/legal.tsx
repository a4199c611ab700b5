import { useLocation } from "react-router";
import type { Route } from "./+types/legal";
import { LegalArticle } from "../features/legal/components/LegalArticle";
import { accessibilityStatement, privacyPolicy } from "../features/legal/content";
import { servicesContext } from "../lib/context";
import { brandName } from "../lib/i18n/brand";
import { detectLanguage, stripLanguagePrefix, type Language } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { accessibilityPath, inBothLanguages, privacyPolicyPath } from "../lib/paths";
import { pageMeta, publicUrlFrom } from "../lib/seo";

function documentFor(pathname: string, language: Language, email: string) {
  return stripLanguagePrefix(pathname) === accessibilityPath("en")
    ? { pathFor: accessibilityPath, doc: accessibilityStatement(language, email) }
    : { pathFor: privacyPolicyPath, doc: privacyPolicy(language, email) };
}

export function loader({ context }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  // The spec: the date of viewing is shown as the last update.
  return { contactEmail: settings.contactEmail, viewedOn: new Date().toISOString().slice(0, 10) };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const { pathFor, doc } = documentFor(location.pathname, language, loaderData?.contactEmail ?? "");
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language,
    title: `${doc.title} | ${brandName(language)}`,
    description: doc.intro.slice(0, 160),
    path: pathFor(language),
    alternates: inBothLanguages(pathFor),
  });
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const { doc } = documentFor(pathname, language, loaderData.contactEmail);
  return <LegalArticle doc={doc} contactEmail={loaderData.contactEmail} viewedOn={loaderData.viewedOn} />;
}
