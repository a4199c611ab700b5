// /en|he/restaurant/:slug/reviews/:id/reply — the owner's public reply to one published review.
// Private (never cached); a plain post, so it works without JavaScript. A visitor is sent to sign in
// and back; anyone but the place's linked owners ("review:reply": not admins, not diners) gets the
// 403 page, and a post from them stores nothing. One reply per review: posting again edits it, and
// the text it replaced is kept. The page model (reviews/reply-page.server.ts) reads the page and
// saves the reply; replyToReview checks the permission itself.
import { Link, redirect } from "react-router";
import type { Route } from "./+types/review-reply";
import { FormAlert } from "../components/ui/FormFields";
import { ReplyForm } from "../features/restaurants/reviews/components/ReplyForm";
import { ReviewQuote } from "../features/restaurants/reviews/components/ReviewQuote";
import { reviewReplyAction, reviewReplyPage } from "../features/restaurants/reviews/reply-page.server";
import { servicesContext } from "../lib/context";
import { detectLanguage, localized } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { homePath, loginPath, restaurantPath } from "../lib/paths";
import { reviewReplyPath } from "../lib/member-paths";
import { accessDenied } from "../lib/permissions.server";
import { viewerContext } from "../lib/session.server";
import type { MessageKey } from "../locales/en";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const language = detectLanguage(url.pathname);
  if (!viewer) throw redirect(loginPath(language, reviewReplyPath(params.slug, params.id, language)));
  const page = await reviewReplyPage(context.get(servicesContext).db, viewer, params.slug, params.id);
  if (!page) throw redirect(homePath(language));
  if (!page.allowed) accessDenied();
  return page;
}

export async function action({ params, context, request }: Route.ActionArgs) {
  return reviewReplyAction(context.get(servicesContext), context.get(viewerContext), request, params.slug, params.id);
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  const name = loaderData ? localized(loaderData.place.name, language) : "";
  return [
    { title: `${t("reviewModerate.reply.pageTitle", { name })} | ${t("brand.name")}` },
    { name: "robots", content: "noindex" },
  ];
}

const SAVED: Record<"created" | "edited" | "unchanged", MessageKey> = {
  created: "reviewModerate.reply.created",
  edited: "reviewModerate.reply.edited",
  unchanged: "reviewModerate.reply.unchanged",
};

export default function ReviewReplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t, ti } = useLanguage();
  const { place, review, reply } = loaderData;
  const name = localized(place.name, language);
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const saved = actionData && "saved" in actionData ? actionData.saved : undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link
        to={restaurantPath(place.slug, language)}
        className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
      >
        {ti("reviewModerate.back", { name })}
      </Link>
      <h1 className="mt-4 text-2xl font-extrabold">{ti("reviewModerate.reply.pageTitle", { name })}</h1>
      <div className="mt-4">
        <ReviewQuote review={review} />
      </div>
      <p className="mt-6 text-stone-700">{ti("reviewModerate.reply.intro", { name })}</p>
      <div className="mt-4 space-y-4">
        {saved ? (
          <FormAlert tone="success">
            <span data-testid="review-reply-saved">{t(SAVED[saved])}</span>
          </FormAlert>
        ) : null}
        <ReplyForm current={reply?.body ?? ""} failure={failure} />
        {reply && reply.edits.length > 0 ? (
          <p className="text-sm text-stone-600" data-testid="review-reply-edits">
            {t("reviewModerate.reply.editCount", { count: reply.edits.length })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
