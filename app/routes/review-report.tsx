// /en|he/restaurant/:slug/reviews/:id/report — report one review. Private (about the viewer, never
// cached); a plain post, so it works without JavaScript. A visitor is asked to sign in and comes
// back here; the author of the review is told it is theirs; an account that reported it already is
// told so (the server refuses a second report too). The page model (reviews/report-page.server.ts)
// reads the page and files the report; reportReview checks the permission, the limits and the
// rules itself. A kashrut concern is also filed as a problem report in the reports queue: combining
// the two features is this route's job.
import { Link, redirect } from "react-router";
import type { Route } from "./+types/review-report";
import { FormAlert } from "../components/ui/FormFields";
import { fileReport } from "../features/reports/reports.server";
import { ReviewQuote } from "../features/restaurants/reviews/components/ReviewQuote";
import { ReviewReportForm } from "../features/restaurants/reviews/components/ReviewReportForm";
import { reviewReportAction, reviewReportPage } from "../features/restaurants/reviews/report-page.server";
import { REPORT_NOTE_MAX } from "../../database/reports";
import { servicesContext } from "../lib/context";
import { detectLanguage, localized } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { homePath, loginPath, restaurantPath } from "../lib/paths";
import { reviewReportPath } from "../lib/member-paths";
import { viewerContext } from "../lib/session.server";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const page = await reviewReportPage(
    context.get(servicesContext).db,
    context.get(viewerContext),
    params.slug,
    params.id,
  );
  const language = detectLanguage(url.pathname);
  if (!page) throw redirect(homePath(language));
  return page;
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const answer = await reviewReportAction(services, context.get(viewerContext), request, params.slug, params.id);
  if ("ok" in answer && answer.reason === "kashrut") {
    // Kashrut is not a matter of opinion here: the concern goes to the problem reports too. The
    // review's report is kept whatever happens to this one (a full queue's limit, say).
    const { place, body } = answer.reported;
    const quoted = `A review was reported as a kashrut concern:\n"${body}"`.slice(0, REPORT_NOTE_MAX);
    try {
      await fileReport(services.db, {
        slug: place.slug,
        values: { reason: "kashrut", note: quoted, email: "" },
        proofOfWork: true,
        clientIp: services.clientIp,
      });
      services.reportFiled();
    } catch (error) {
      console.error("[reviews] the kashrut concern's problem report failed:", error);
    }
  }
  return answer;
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  const name = loaderData ? localized(loaderData.place.name, language) : "";
  return [
    { title: `${t("reviewModerate.report.pageTitle", { name })} | ${t("brand.name")}` },
    { name: "robots", content: "noindex" },
  ];
}

const BUTTON =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800";

export default function ReviewReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t, ti } = useLanguage();
  const { place, review, reviewId, signedIn, own, reported } = loaderData;
  const name = localized(place.name, language);
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const sent = actionData && "ok" in actionData ? actionData : undefined;
  let body;
  if (sent) {
    body = (
      <FormAlert tone="success">
        <span data-testid="review-report-sent">
          {t(sent.reason === "kashrut" ? "reviewModerate.report.sentKashrut" : "reviewModerate.report.sent")}
        </span>
      </FormAlert>
    );
  } else if (!review) {
    // Hidden, held or rejected since the link was shown (or just now, by this very report's weight).
    body = <p data-testid="review-report-gone">{t("reviewModerate.notFound")}</p>;
  } else if (!signedIn) {
    body = (
      <div data-testid="review-report-sign-in">
        <p>{t("reviewModerate.report.signInPrompt")}</p>
        <p className="mt-4">
          <Link to={loginPath(language, reviewReportPath(place.slug, reviewId, language))} className={BUTTON}>
            {t("reviewModerate.signIn")}
          </Link>
        </p>
      </div>
    );
  } else if (own) {
    body = <p data-testid="review-report-own">{t("reviewModerate.ownReview")}</p>;
  } else if (reported) {
    body = (
      <p role="status" data-testid="review-report-already">
        {t("reviewModerate.alreadyReported")}
      </p>
    );
  } else {
    body = (
      <>
        <p className="mb-4 text-stone-700">{t("reviewModerate.report.intro")}</p>
        <ReviewReportForm failure={failure} />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link
        to={restaurantPath(place.slug, language)}
        className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
      >
        {ti("reviewModerate.back", { name })}
      </Link>
      <h1 className="mt-4 text-2xl font-extrabold">{ti("reviewModerate.report.pageTitle", { name })}</h1>
      {review ? (
        <div className="mt-4">
          <ReviewQuote review={review} />
        </div>
      ) : null}
      <div className="mt-6">{body}</div>
    </div>
  );
}
