import { Link } from "react-router";
import { formatLongDate } from "../../../lib/dates";
import { useLanguage } from "../../../lib/i18n/use-language";
import type { LegalDocument } from "../content";

/**
 * A legal page's document (the accessibility statement, the privacy policy, the review policy):
 * its title, the day of viewing as the last update (the spec), the introduction and the sections,
 * each with its anchor when it has one, its paragraphs, its list and its link.
 */
export function LegalArticle({
  doc,
  contactEmail,
  viewedOn,
}: {
  doc: LegalDocument;
  contactEmail: string;
  viewedOn: string;
}) {
  const { language, t } = useLanguage();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{doc.title}</h1>
      <p className="mt-2 text-sm text-stone-600">
        {t("legal.lastUpdated", { date: formatLongDate(viewedOn, language) })}
      </p>
      <p className="mt-6 leading-relaxed text-stone-800">{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} id={section.id} className="mt-8 scroll-mt-20">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-stone-800">
              <Linkified text={paragraph} email={contactEmail} />
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-1 ps-6 text-stone-800">
              {section.items.map((item) => (
                <li key={item}>
                  <Linkified text={item} email={contactEmail} />
                </li>
              ))}
            </ul>
          ) : null}
          {section.link ? (
            <p className="mt-3">
              <Link to={section.link.to} className="font-medium text-brand-800 underline underline-offset-4">
                {section.link.label}
              </Link>
            </p>
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
