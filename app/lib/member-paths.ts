// Paths of the pages only signed-in people use: the dashboard's, and a diner's review pages (write,
// report, reply). Kept apart from paths.ts, which every page's shared code carries, so a first visit
// does not download them; the dashboard's own home (dashboardPath, the header's link) stays there.
import { localizePath, type Language } from "./i18n/language";
import { restaurantPath, segment } from "./paths";

// A diner's review pages
/** A diner's own review of the place: write it, edit it, delete it. */
export const reviewPath = (slug: string, language: Language): string => `${restaurantPath(slug, language)}/review`;
/** Report one review (signed in). */
export const reviewReportPath = (slug: string, reviewId: string, language: Language): string =>
  `${restaurantPath(slug, language)}/reviews/${segment(reviewId)}/report`;
/** The owner's reply to one review. */
export const reviewReplyPath = (slug: string, reviewId: string, language: Language): string =>
  `${restaurantPath(slug, language)}/reviews/${segment(reviewId)}/reply`;

// Dashboard
export const dashboardAddPath = (language: Language): string => localizePath("/dashboard/add", language);
export const dashboardEditPath = (id: string, language: Language): string =>
  localizePath(`/dashboard/edit/${segment(id)}`, language);
/** A restaurant's structured opening hours editor. */
export const dashboardHoursPath = (id: string, language: Language): string =>
  localizePath(`/dashboard/edit/${segment(id)}/hours`, language);
export const dashboardUsersPath = (language: Language): string => localizePath("/dashboard/users", language);
export const dashboardReportsPath = (language: Language): string => localizePath("/dashboard/reports", language);
export const dashboardReviewsPath = (language: Language): string => localizePath("/dashboard/reviews", language);
export const dashboardReviewWordsPath = (language: Language): string =>
  localizePath("/dashboard/reviews/words", language);
/** The certificates ending and ended (admins). */
export const dashboardCertificatesPath = (language: Language): string =>
  localizePath("/dashboard/certificates", language);
/** The admins' queue of suggested restaurants; `decided` lists those already decided. */
export const dashboardSuggestionsPath = (language: Language, view?: "decided"): string =>
  localizePath("/dashboard/suggestions", language) + (view ? `?view=${view}` : "");
/** The new-restaurant form prefilled from a suggestion (its approval). */
export const dashboardApprovePath = (suggestionId: string, language: Language): string =>
  `${localizePath("/dashboard/add", language)}?suggestion=${encodeURIComponent(suggestionId)}`;
