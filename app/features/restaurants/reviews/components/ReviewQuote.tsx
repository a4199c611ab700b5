// The review a report or a reply is about, quoted above its form: the stars (in words too), the
// author, the text bidi-isolated in its own language with that language named, "ate here" and the
// visit month.
import type { ReviewLanguage } from "../../../../../database/reviews";
import { dateFormat } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";

export interface QuotedReview {
  authorName: string;
  rating: number;
  body: string;
  language: ReviewLanguage;
  ateHere: boolean;
  visitMonth: string;
}

/** "October 2026" / "אוקטובר 2026" for a visit month "2026-10". */
export function visitMonthText(month: string, language: "en" | "he"): string {
  const [year, number] = month.split("-").map(Number);
  if (!year || !number) return month;
  const locale = language === "he" ? "he-IL" : "en-GB";
  return dateFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

export function ReviewQuote({ review }: { review: QuotedReview }) {
  const { language, t, ti } = useLanguage();
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4" data-testid="quoted-review">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
        <span aria-hidden="true" className="text-amber-700">
          {"★".repeat(review.rating)}
          {"☆".repeat(5 - review.rating)}
        </span>
        <span className="sr-only">{t("reviewModerate.stars", { count: review.rating })}</span>
        <span>{ti("reviewModerate.byAuthor", { name: review.authorName })}</span>
        <span>{t(review.language === "he" ? "reviewModerate.writtenIn.he" : "reviewModerate.writtenIn.en")}</span>
      </p>
      <blockquote className="mt-2 whitespace-pre-line break-words" lang={review.language}>
        <bdi dir="auto">{review.body}</bdi>
      </blockquote>
      <figcaption className="mt-2 flex flex-wrap gap-x-3 text-sm text-stone-600">
        {review.ateHere ? <span>{t("reviewModerate.ateHere")}</span> : null}
        <span>{t("reviewModerate.visited", { month: visitMonthText(review.visitMonth, language) })}</span>
      </figcaption>
    </figure>
  );
}
