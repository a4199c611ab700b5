// The restaurant page's reviews: the totals, the 1-5 distribution (each row says its number in
// words; the bar only repeats it), and a page of published reviews, each isolated in its own
// language. Rendered to HTML on the server only (section-html.server.tsx): no browser ever loads
// this code or its words, so its links are plain links that work with or without JavaScript.
import type { ReviewsSectionData } from "../listing.server";
import { Stars } from "./Stars";

const LINK = "inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4";

export function ReviewsSection({ section }: { section: ReviewsSectionData }) {
  const { words } = section;
  return (
    <section aria-labelledby="reviews-title" className="space-y-4" data-testid="reviews">
      <h2 id="reviews-title" className="text-xl font-semibold">
        {words.title}
      </h2>
      <p className="text-stone-800" data-testid="reviews-summary">
        {section.count ? <span className="me-2 text-2xl font-bold">{section.average}</span> : null}
        {words.summary}
      </p>
      {section.count ? (
        <ul aria-label={words.distribution} className="max-w-sm space-y-1 text-sm" data-testid="reviews-distribution">
          {section.distribution.map(({ stars, text, share }) => (
            <li key={stars} className="grid grid-cols-[7rem_1fr] items-center gap-2">
              <span>{text}</span>
              <span aria-hidden="true" className="h-2 rounded bg-stone-200">
                <span className="block h-2 rounded bg-amber-600" style={{ width: `${share}%` }} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <a href={section.writePath} className={LINK} data-testid="review-write">
        {words.write}
      </a>
      {section.reviews.length ? (
        <ol className="space-y-3">
          {section.reviews.map((review) => (
            <li key={review.id} className="rounded-xl border border-stone-200 bg-white p-4" data-testid="review">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
                <Stars stars={review.stars} text={review.starsText} />
                <span className="font-semibold text-stone-900">
                  <bdi>{review.author}</bdi>
                </span>
                <time dateTime={review.isoDate}>{review.date}</time>
                {review.edited ? <span data-testid="review-edited">{words.edited}</span> : null}
              </div>
              <p
                lang={review.language}
                dir="auto"
                className="mt-2 leading-relaxed whitespace-pre-line text-stone-900"
                data-testid="review-body"
              >
                <bdi>{review.body}</bdi>
              </p>
              <p className="mt-2 text-sm text-stone-700">
                {review.writtenIn} · {review.visit}
              </p>
              {review.reply ? (
                <div className="mt-3 rounded-lg bg-stone-50 p-3" data-testid="review-reply">
                  <p className="text-sm font-semibold">{words.reply}</p>
                  <p dir="auto" className="mt-1 whitespace-pre-line">
                    <bdi>{review.reply}</bdi>
                  </p>
                </div>
              ) : null}
              <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                <a href={review.reportPath} className={LINK} rel="nofollow">
                  {words.report}
                </a>
                {review.replyPath ? (
                  <a href={review.replyPath} className={LINK} data-testid="review-reply-link">
                    {words.replyLink}
                  </a>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {section.pages > 1 ? (
        <nav aria-label={words.pages} className="flex flex-wrap items-center gap-4" data-testid="reviews-pages">
          {section.newerPath ? (
            <a href={section.newerPath} className={LINK}>
              {words.newer}
            </a>
          ) : null}
          <span className="text-sm text-stone-700">{words.page}</span>
          {section.olderPath ? (
            <a href={section.olderPath} className={LINK}>
              {words.older}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
