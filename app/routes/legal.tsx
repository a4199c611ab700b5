import { useLocation } from "react-router";
import type { Route } from "./+types/legal";
import { accessibilityStatement, privacyPolicy } from "../features/legal/content";
import { servicesContext } from "../lib/context";
import { formatLongDate } from "../lib/dates";
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
  const { language, t } = useLanguage();
  const { pathname } = useLocation();
  const { doc } = documentFor(pathname, language, loaderData.contactEmail);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{doc.title}</h1>
      <p className="mt-2 text-sm text-stone-600">
        {t("legal.lastUpdated", { date: formatLongDate(loaderData.viewedOn, language) })}
      </p>
      <p className="mt-6 leading-relaxed text-stone-800">{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-stone-800">
              <Linkified text={paragraph} email={loaderData.contactEmail} />
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-1 ps-6 text-stone-800">
              {section.items.map((item) => (
                <li key={item}>
                  <Linkified text={item} email={loaderData.contactEmail} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}

/** Shows the contact address as a mailto link wherever it appears in the text. */
function Linkified({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? (
            <a href={`mailto:${email}`} dir="ltr" className="font-medium text-brand-800 underline underline-offset-4">
              {email}
            </a>
          ) : null}
        </span>
      ))}
    </>
  );
}
