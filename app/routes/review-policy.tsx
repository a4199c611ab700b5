import type { Route } from "./+types/review-policy";
import { LegalArticle } from "../features/legal/components/LegalArticle";
import { reviewPolicy } from "../features/legal/review-policy";
import { servicesContext } from "../lib/context";
import { brandName } from "../lib/i18n/brand";
import { detectLanguage } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { inBothLanguages, reviewPolicyPath } from "../lib/paths";
import { pageMeta, publicUrlFrom } from "../lib/seo";

// The published review policy: what holds a review and why, reports, replies, decisions, limits.
// Its numbers are this installation's settings (REVIEW_NEW_ACCOUNT_DAYS, REVIEW_BURST_*).
export function loader({ context }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  const { newAccountDays, burstPerPlace, burstPerAccount } = settings.reviews;
  return {
    contactEmail: settings.contactEmail,
    // The spec for legal pages: the date of viewing is shown as the last update.
    viewedOn: new Date().toISOString().slice(0, 10),
    facts: { newAccountDays, burstPerPlace, burstPerAccount },
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const doc = reviewPolicy(
    language,
    loaderData?.contactEmail ?? "",
    loaderData?.facts ?? { newAccountDays: 0, burstPerPlace: 0, burstPerAccount: 0 },
  );
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language,
    title: `${doc.title} | ${brandName(language)}`,
    description: doc.intro.slice(0, 160),
    path: reviewPolicyPath(language),
    alternates: inBothLanguages(reviewPolicyPath),
  });
}

export default function ReviewPolicyPage({ loaderData }: Route.ComponentProps) {
  const { language } = useLanguage();
  const doc = reviewPolicy(language, loaderData.contactEmail, loaderData.facts);
  return <LegalArticle doc={doc} contactEmail={loaderData.contactEmail} viewedOn={loaderData.viewedOn} />;
}
