import type { Route } from "./+types/review-policy";
import { LegalArticle } from "../features/legal/components/LegalArticle";
import { reviewPolicy } from "../features/legal/review-policy";
import { servicesContext } from "../lib/context";
import { brandName } from "../lib/i18n/brand";
import { detectLanguage } from "../lib/i18n/language";
import { inBothLanguages, reviewPolicyPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";
import { pageMeta } from "../lib/seo.server";

// The published review policy: what holds a review and why, reports, replies, decisions, limits.
// Its numbers are this installation's settings (REVIEW_NEW_ACCOUNT_DAYS, REVIEW_BURST_*). The document
// comes with the page's data, in its language: its texts in both languages stay out of the page's JavaScript.
export function loader({ context, url }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  const { newAccountDays, burstPerPlace, burstPerAccount } = settings.reviews;
  const language = detectLanguage(url.pathname);
  const doc = reviewPolicy(language, settings.contactEmail, { newAccountDays, burstPerPlace, burstPerAccount });
  return {
    doc,
    contactEmail: settings.contactEmail,
    // The spec for legal pages: the date of viewing is shown as the last update.
    viewedOn: new Date().toISOString().slice(0, 10),
    meta: pageMeta({
      publicUrl: settings.publicUrl,
      language,
      title: `${doc.title} | ${brandName(language)}`,
      description: doc.intro.slice(0, 160),
      path: reviewPolicyPath(language),
      alternates: inBothLanguages(reviewPolicyPath),
    }),
  };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function ReviewPolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalArticle doc={loaderData.doc} contactEmail={loaderData.contactEmail} viewedOn={loaderData.viewedOn} />;
}
