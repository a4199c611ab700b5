import { lazy, use, type ComponentProps } from "react";
import { redirect, useLocation } from "react-router";
import type { Route } from "./+types/restaurant";
import { REPORT_SECTION, RestaurantArticle } from "../features/restaurants/page/components/RestaurantArticle";
import {
  restaurantDescription,
  restaurantJsonLd,
  restaurantPageJsonLd,
  restaurantTitle,
} from "../features/restaurants/core/presentation";
import { certificateState } from "../features/restaurants/core/certificate-status";
import { withBatchDay } from "../features/restaurants/certificate/batch-day.server";
import { findSlugRedirect } from "../features/restaurants/editing/slugs.server";
import { getRestaurantBySlug, loadPublicHistory } from "../features/restaurants/core/queries.server";
import { servicesContext } from "../lib/context";
import { laterDay, telAvivDay } from "../lib/dates";
import { detectLanguage } from "../lib/i18n/language";
import { loadLaterMessagesFor } from "../page-messages";
import { responsiveImage } from "../lib/images";
import { homePath, inBothLanguages, restaurantPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";
import { absoluteUrl, pageMeta } from "../lib/seo.server";
import { freshnessClock } from "../features/restaurants/core/freshness";
import { hoursViewOf } from "../features/restaurants/hours/hours-view.server";
import { PLACE_MAP, staticMap } from "../features/restaurants/map/static-map";
import { hasOwners } from "../features/restaurants/claims/owned.server";
import { pesachSeasonAt, seasonNow } from "../features/restaurants/pesach/season.server";
import { pesachExceptions } from "../features/restaurants/pesach/hours";
import { pesachSectionOf } from "../features/restaurants/pesach/section.server";
import { faqOf } from "../features/restaurants/page/faq.server";
import { restaurantActionsHtml } from "../features/restaurants/page/actions-html.server";
import { certificateNotesOf } from "../features/restaurants/certificate/index.server";
import { practicalLabels, practicalStructuredData } from "../features/restaurants/practical/page.server";
import { translator } from "../lib/i18n/messages";
import { viewerContext } from "../lib/session.server";
import {
  reviewsPageParam,
  reviewsSectionHtml,
  reviewsSectionOf,
  reviewsStructuredData,
} from "../features/restaurants/reviews/index.server";

// The report form's code is not part of the page's first JavaScript (the budget, ADR 015): the
// server renders it in full (the loader loads it first); the browser keeps that HTML — a plain
// form that already works — and fetches the form's code only when the visitor opens the section.
const loadReportForm = () => import("../features/reports/components/ReportForm");
let serverReportForm: Awaited<ReturnType<typeof loadReportForm>> | undefined;
type ReportFormComponent = Awaited<ReturnType<typeof loadReportForm>>["ReportForm"];
type ReportFormModule = { default: ReportFormComponent };
const ReportForm = lazy((): Promise<ReportFormModule> => {
  const loaded = serverReportForm;
  // On the server, already loaded: a thenable that resolves at once, so React renders the form in
  // the first pass (no fallback, nothing streamed later).
  if (loaded)
    return {
      then: (resolve: (module: ReportFormModule) => void) => resolve({ default: loaded.ReportForm }),
    } as Promise<ReportFormModule>;
  // Its words (the `contribute` area: this page's `later`, ADR 012) are fetched beside its code.
  return whenWanted(REPORT_SECTION)
    .then(() => Promise.all([loadReportForm(), loadLaterMessagesFor(window.location.pathname)]))
    .then(([module]) => ({ default: withItsPageWords(module.ReportForm) }));
});

/**
 * The form, once the words of the page it shows on are in. The code is loaded once for every
 * restaurant page; the visitor may since have reached one in the other language (its words not yet
 * loaded) by the language switch.
 */
function withItsPageWords(Form: ReportFormComponent) {
  return function ReportFormInPage(props: ComponentProps<ReportFormComponent>) {
    use(loadLaterMessagesFor(useLocation().pathname));
    return <Form {...props} />;
  };
}

/**
 * Resolves when the <details> with this id is (or becomes) open, at once where there is none, or
 * when the visitor sets off elsewhere (a link, a form, back or forward). While the form's code is
 * awaited, its server HTML waits to be hydrated, and React holds back any change of the page
 * above it until then: the navigation's loading state (the bar at the top) would never show. So a
 * visitor leaving fetches the form's code (a few kB) and the bar shows once it is in.
 */
function whenWanted(id: string): Promise<void> {
  return new Promise((resolve) => {
    const details = document.getElementById(id);
    if (!(details instanceof HTMLDetailsElement) || details.open) return resolve();
    const leaving = (event: Event) => {
      if (event.type !== "click" || (event.target instanceof Element && event.target.closest("a[href]"))) done();
    };
    const done = () => {
      details.removeEventListener("toggle", done);
      for (const type of LEAVING) window.removeEventListener(type, leaving, true);
      resolve();
    };
    details.addEventListener("toggle", done);
    for (const type of LEAVING) window.addEventListener(type, leaving, true);
  });
}

/** What sets off a navigation away from the page, seen before React Router acts on it. */
const LEAVING = ["click", "submit", "popstate"] as const;

export async function loader({ params, context, url }: Route.LoaderArgs) {
  serverReportForm ??= await loadReportForm();
  const services = context.get(servicesContext);
  const { db, settings } = services;
  const language = detectLanguage(url.pathname);
  const found = await getRestaurantBySlug(db, params.slug);
  if (!found) {
    // A renamed restaurant's old address moves permanently to the new one.
    const renamed = await findSlugRedirect(db, params.slug);
    if (renamed) throw redirect(restaurantPath(renamed, language), 301);
    // Spec: an unknown slug sends the visitor to the home page (in the page's language).
    throw redirect(homePath(language));
  }
  const { restaurant, updatedAt } = found;
  const now = seasonNow(services);
  const season = pesachSeasonAt(now);
  // The day freshness is judged on, the same in the server's HTML and the hydrated page (ADR 014), by
  // the services' clock (the browser tests' x-test-now), with the city's batch date (ADR 033).
  const clock = await withBatchDay(
    services,
    freshnessClock(settings.verificationMaxAgeDays, now, settings.certificateGraceDays),
  );
  // What the title, description and answers may claim about its kashrut depends on the certificate
  // on this day; they are worded here, so the page's script carries none of those words.
  const certificate = certificateState(restaurant.certificate, clock);
  const path = restaurantPath(restaurant.slug, language);
  const lastChanged = laterDay(restaurant.lastVerified, telAvivDay(updatedAt));
  const image = restaurant.photo ? responsiveImage(restaurant.photo, 1200).src : undefined;
  // Its published reviews at the page `?reviews=` asks for ("Reply" only for its linked owners).
  const reviews = await reviewsSectionOf(
    db,
    restaurant,
    reviewsPageParam(url.searchParams.get("reviews")),
    language,
    context.get(viewerContext),
  );
  return {
    restaurant,
    contactEmail: settings.contactEmail,
    clock,
    history: await loadPublicHistory(db, restaurant.id),
    // The week, the coming Shabbat or Yom Tov, and the timeline "open now" is read from.
    // In Pesach's season its plan's days count too: closed for Pesach, Chol HaMoed's own hours.
    hours:
      restaurant.hours && !restaurant.isPermanentlyClosed
        ? hoursViewOf(restaurant.hours, now.getTime(), pesachExceptions(restaurant.pesach, season))
        : null,
    lastChanged,
    tiles: settings.mapTiles,
    // The tiles around the place, laid out here: the page's script need not know tile math.
    placeMap: restaurant.location ? staticMap(restaurant.location, settings.mapTiles.url, PLACE_MAP) : null,
    // "Is this your restaurant?" on a listing without owners (the same for every visitor).
    claimable: !(await hasOwners(db, restaurant.id)),
    // Its plan for the Pesach whose season it is (the server's calendar).
    pesach: pesachSectionOf(restaurant.pesach, season, language),
    // Its questions and answers, and its certificate's notes, written here in the page's language.
    faq: faqOf(restaurant, language, certificate),
    certificateNotes: certificateNotesOf(restaurant.certificate, certificate, language),
    meta: [
      ...pageMeta({
        publicUrl: settings.publicUrl,
        language,
        title: restaurantTitle(restaurant, language, certificate),
        description: restaurantDescription(restaurant, language, certificate),
        path,
        alternates: inBothLanguages((l) => restaurantPath(restaurant.slug, l)),
        ...(image ? { image } : {}),
        type: "restaurant",
      }),
      // schema.org Restaurant with its price range and amenities, for search engines.
      {
        "script:ld+json": {
          ...restaurantJsonLd(
            restaurant,
            language,
            absoluteUrl(settings.publicUrl, path),
            image ? absoluteUrl(settings.publicUrl, image) : undefined,
          ),
          ...practicalStructuredData(restaurant),
          // Its rating and the reviews on this page: published reviews only.
          ...reviewsStructuredData(reviews),
        },
      },
      { "script:ld+json": restaurantPageJsonLd(absoluteUrl(settings.publicUrl, path), lastChanged) },
    ],
    // The page's badges for them, worded here in the page's language.
    practical: practicalLabels(restaurant, translator(language)),
    // The section as the server renders it: the browser carries none of its code or words.
    reviews: { page: reviews.page, html: reviewsSectionHtml(reviews) },
    // The buttons out, as the server renders them: plain links, no code in the browser.
    actions: restaurantActionsHtml(restaurant, language),
  };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function RestaurantPage({ loaderData }: Route.ComponentProps) {
  return <RestaurantArticle loaderData={loaderData} ReportForm={ReportForm} />;
}
