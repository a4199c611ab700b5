// /en/restaurant/:slug/review and /he/restaurant/:slug/review — a diner's own review of a place:
// write it, edit it (the latest version counts), delete it (asked first), see where it stands, and
// ask once for a second look at a rejection. Private (about the viewer, never cached); works without
// JavaScript. A visitor is sent to log in and comes back here; an account whose e-mail address is not
// verified is told so and may have the link sent again; a linked owner is told they cannot review
// their own place. The page model (reviews/review-page.server.ts) reads the form; the domain
// (writeReview, deleteReview, askSecondLook) checks the permission, the limits and the signals itself.
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/review";
import { FormAlert, SubmitButton } from "../components/ui/FormFields";
import { resendVerification } from "../features/accounts/accounts.server";
import { DeleteReview, ReviewForm, ReviewStatePanel, type ReviewAnswer } from "../features/restaurants/reviews";
import { reviewFormAction, reviewPage } from "../features/restaurants/reviews/index.server";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { readFormData } from "../lib/form-data.server";
import { detectLanguage, localized } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { homePath, loginPath, restaurantPath } from "../lib/paths";
import { reviewPath } from "../lib/member-paths";
import { viewerContext } from "../lib/session.server";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const language = detectLanguage(url.pathname);
  const viewer = context.get(viewerContext);
  // A visitor logs in first, and comes back here.
  if (!viewer) throw redirect(loginPath(language, reviewPath(params.slug, language)));
  const page = await reviewPage(context.get(servicesContext), viewer, params.slug);
  if (!page) throw redirect(homePath(language));
  return { page, email: viewer.email };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  const language = detectLanguage(new URL(request.url).pathname);
  const form = await readFormData(request);
  if (form.get("intent") === "resendVerification" && viewer) {
    // The account page's way of sending the verification link again, with its limit.
    try {
      await resendVerification(services, viewer);
    } catch (error) {
      return actionError(error, { log: "[reviews] resending the verification link failed:" });
    }
    return { resent: true as const };
  }
  return reviewFormAction(services, viewer, { slug: params.slug, form, language });
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  const name = loaderData ? localized(loaderData.page.place.name, language) : "";
  return [
    { title: `${t("reviewWrite.pageTitle", { name })} | ${t("brand.name")}` },
    { name: "robots", content: "noindex" },
  ];
}

const notice = "rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950";

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t, ti } = useLanguage();
  const { page, email } = loaderData;
  const name = localized(page.place.name, language);
  const answer: ReviewAnswer | undefined = actionData && !("resent" in actionData) ? actionData : undefined;
  const resent = actionData !== undefined && "resent" in actionData;
  const review = page.review;
  let body;
  if (page.isOwner || !page.mayWrite) {
    body = (
      <p role="status" data-testid="review-own-place" className={notice}>
        {t("reviewWrite.ownPlace")}
      </p>
    );
  } else if (!page.emailVerified) {
    body = (
      <div data-testid="review-verify-first" className={notice}>
        {/* The address is isolated (FSI…PDI): left to right inside a Hebrew line, whole and in order. */}
        <p>{t("reviewWrite.notVerified", { email: `\u2068${email}\u2069` })}</p>
        <Form method="post" className="mt-3 space-y-2">
          {resent ? <p role="status">{t("reviewWrite.resent")}</p> : null}
          {answer?.error ? <FormAlert>{t(answer.error, answer.values)}</FormAlert> : null}
          <SubmitButton intent="resendVerification" busyLabel={t("reviewWrite.sending")} variant="outline">
            {t("reviewWrite.resend")}
          </SubmitButton>
        </Form>
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        {review ? <ReviewStatePanel review={review} answer={answer} /> : null}
        {review ? <p className="text-stone-700">{t("reviewWrite.editing")}</p> : null}
        <ReviewForm
          current={
            review
              ? {
                  rating: String(review.rating),
                  body: review.body,
                  language: review.language,
                  ateHere: review.ateHere,
                  visitMonth: review.visitMonth,
                }
              : null
          }
          answer={answer}
          needsProof={page.needsProof}
        />
        {review ? <DeleteReview slug={page.place.slug} name={name} answer={answer} /> : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link
        to={restaurantPath(page.place.slug, language)}
        className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
      >
        {ti("reviewWrite.back", { name })}
      </Link>
      <h1 className="mt-4 text-2xl font-extrabold">{ti("reviewWrite.pageTitle", { name })}</h1>
      {review ? null : <p className="mt-2 text-stone-700">{t("reviewWrite.intro")}</p>}
      <div className="mt-6">{body}</div>
    </div>
  );
}
