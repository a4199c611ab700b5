import { Suspense, type ComponentType } from "react";
import { Link } from "react-router";
import { ShareButton } from "../../../../components/ui/ShareButton";
import type { MapTiles } from "../../../../lib/context";
import { localized } from "../../../../lib/i18n/language";
import { isolatedMessage, useLanguage } from "../../../../lib/i18n/use-language";
import { responsiveImage } from "../../../../lib/images";
import { claimPath, homePath } from "../../../../lib/paths";
import {
  freshnessOf,
  type FreshnessClock,
  type PublicEvent,
  type Restaurant,
  ClosedBadge,
  KashrutBadge,
  TagList,
  isDoubtful,
  kashrutStanding,
  certificateState,
} from "../../core";
import { OpenStatus } from "../../hours";
import type { HoursView } from "../../hours/index.server";
import type { StaticMap } from "../../map";
import { useLiveRestaurant } from "../use-live-updates";
import { MenuGallery } from "./MenuGallery";
import { PublicHistory } from "./PublicHistory";
import { SaveButton } from "../../saved";
import { RestaurantContact } from "./RestaurantContact";
import { Section } from "./Section";
import { Shown } from "./Shown";
import { VerificationLine } from "./VerificationLine";
import { CertificateFacts } from "../../certificate";
import { PesachSection } from "../../pesach";
import type { FaqText } from "../faq.server";
import type { CertificateNotes } from "../../certificate/index.server";
import type { PesachText } from "../../pesach/index.server";
import { PracticalLine } from "../../practical";
import { REVIEWS_ANCHOR } from "../../reviews";

/** Only in Pesach's season: the rest of the year a first visit does not carry it. */

/** The id of the report section (a <details>): the route loads the form's code once it is opened. */
export const REPORT_SECTION = "report-section";

/** What the restaurant page's loader sends. */
export interface RestaurantPageData {
  restaurant: Restaurant;
  contactEmail: string;
  clock: FreshnessClock;
  history: PublicEvent[];
  hours: HoursView | null;
  tiles: MapTiles;
  placeMap: StaticMap | null;
  /** The listing has no owners, so the page offers "Is this your restaurant?". */
  claimable?: boolean;
  /** In Pesach's season, the restaurant's plan for it (null otherwise). */
  pesach?: PesachText | null;
  /** The questions and answers in the page's language (faq.server.ts); null when it is closed. */
  faq?: FaqText | null;
  /** The certificate's notes in the page's language (certificate/notes.server.ts). */
  certificateNotes: CertificateNotes;
  /** The practical facts' badges, worded by the loader (practicalLabels). */
  practical?: string[];
  /** Its published reviews, a page of them, as the server rendered them (reviews/section-html.server.tsx). */
  reviews?: { html: string };
  /** Its buttons out, as the server rendered them (page/actions-html.server.tsx); empty when it has none. */
  actions?: string;
}

/**
 * The restaurant page: photo, header, actions, contact and hours, about, FAQ, menu, certificate,
 * reviews, public history, the report section and disclaimer. `ReportForm` is the report form, which the
 * route brings (another feature's, loaded lazily). It is rendered here, in the component that holds
 * the live-update state, as it was in the route: an update re-renders the report section at once.
 */
export function RestaurantArticle({
  loaderData,
  ReportForm,
}: {
  loaderData: RestaurantPageData;
  ReportForm: ComponentType<{ slug: string }>;
}) {
  const { restaurant, contactEmail } = loaderData;
  const { language, t, ti } = useLanguage();
  const name = localized(restaurant.name, language);
  const photo = restaurant.photo ? responsiveImage(restaurant.photo, 1200) : undefined;
  const teuda = restaurant.teuda ? responsiveImage(restaurant.teuda, 800) : undefined;
  const closed = restaurant.isPermanentlyClosed;
  const showUpdated = useLiveRestaurant(restaurant.slug, language);

  return (
    <article className="pb-8">
      <p role="status" aria-live="polite" className="sr-only">
        {showUpdated ? t("restaurant.updated") : ""}
      </p>
      <div className="relative bg-stone-800">
        {photo ? (
          <img
            src={photo.src}
            srcSet={photo.srcSet}
            sizes="100vw"
            width={1200}
            height={800}
            fetchPriority="high"
            alt={t("restaurant.photoAlt", { name })}
            className="h-56 w-full object-cover opacity-90 sm:h-80 lg:h-96"
          />
        ) : (
          <div className="h-32 bg-gradient-to-b from-brand-800 to-brand-700 sm:h-40" />
        )}
      </div>

      <div className="mx-auto max-w-6xl px-4">
        <div className="pt-4">
          <Link
            to={homePath(language)}
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-medium text-brand-800 hover:bg-brand-50"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5 rtl:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t("restaurant.back")}
          </Link>
        </div>

        <header className="mt-2 border-b border-stone-200 pb-5">
          <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">
            <bdi>{name}</bdi>
          </h1>
          {/* The paragraph keeps the page's direction (an English address stays aligned with a Hebrew title); the address is isolated. */}
          <p className="mt-2 text-stone-700">
            <Shown value={{ en: restaurant.address, he: restaurant.addressHe }} />
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <KashrutBadge
              kashrut={restaurant.kashrut}
              large
              doubtful={isDoubtful(
                kashrutStanding(
                  restaurant.kashrut,
                  restaurant.certificate?.body,
                  certificateState(restaurant.certificate, loaderData.clock),
                ),
              )}
            />
            {closed ? <ClosedBadge large /> : null}
            <TagList tags={restaurant.tags} more={0} />
            {/* Keep it among the diner's saved places. */}
            <SaveButton slug={restaurant.slug} name={name} className="ms-auto" />
          </div>
          {/* Price, services and wheelchair access. */}
          <PracticalLine labels={loaderData.practical} />
          <VerificationLine
            lastVerified={restaurant.lastVerified}
            freshness={freshnessOf(restaurant.lastVerified, loaderData.clock)}
          />
          {/* The kashrut certificate. */}
          <CertificateFacts
            certificate={restaurant.certificate}
            clock={loaderData.clock}
            notes={loaderData.certificateNotes}
          />
          {loaderData.hours ? <OpenStatus timeline={loaderData.hours.timeline} zone={loaderData.hours.zone} /> : null}
          {/* Share the page (after hydration only). */}
          <ShareButton />
        </header>

        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <aside className="space-y-6 lg:col-start-2 lg:row-start-1" aria-label={t("restaurant.actions")}>
            {/* Plain links, made on the server (page/actions-html.server.tsx); nothing when there are none. */}
            {loaderData.actions ? <div dangerouslySetInnerHTML={{ __html: loaderData.actions }} /> : null}

            <RestaurantContact
              restaurant={restaurant}
              hours={loaderData.hours}
              placeMap={loaderData.placeMap}
              tiles={loaderData.tiles}
            />
          </aside>

          <div className="space-y-8 lg:col-start-1 lg:row-start-1">
            {loaderData.pesach ? <PesachSection pesach={loaderData.pesach} /> : null}
            {restaurant.description ? (
              <section>
                <h2 className="text-xl font-semibold">{t("restaurant.about")}</h2>
                <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-800">
                  <Shown value={restaurant.description} />
                </p>
              </section>
            ) : null}

            {closed ? (
              <section
                className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
                data-testid="closed-notice"
              >
                <h2 className="font-semibold">{t("restaurant.closedTitle")}</h2>
                <p className="mt-1">{ti("restaurant.closedBody", { name, email: contactEmail })}</p>
              </section>
            ) : loaderData.faq ? (
              <section>
                <h2 className="text-xl font-semibold">{loaderData.faq.title}</h2>
                <div className="mt-3 space-y-3">
                  {loaderData.faq.items.map(({ question, answer }) => (
                    <div
                      key={question.text}
                      className="rounded-xl border border-stone-200 bg-white p-4"
                      data-testid="faq"
                    >
                      <h3 className="font-semibold">{isolatedMessage(question.text, question.values)}</h3>
                      <p className="mt-1 text-stone-800">{isolatedMessage(answer.text, answer.values)}</p>
                    </div>
                  ))}
                </div>
              </section>
            ) : null}

            {restaurant.menuImages.length > 0 ? (
              <section>
                <h2 className="mb-3 text-xl font-semibold">{t("restaurant.menu")}</h2>
                <MenuGallery images={restaurant.menuImages} restaurantName={name} />
              </section>
            ) : null}

            {teuda ? (
              <section>
                <h2 className="mb-3 text-xl font-semibold">{t("restaurant.certificate")}</h2>
                <a
                  href={restaurant.teuda}
                  className="inline-block overflow-hidden rounded-lg border border-stone-200 bg-white"
                >
                  <img
                    src={teuda.src}
                    srcSet={teuda.srcSet}
                    sizes="(min-width: 640px) 320px, 80vw"
                    width={320}
                    height={440}
                    loading="lazy"
                    decoding="async"
                    alt={t("restaurant.certificateAlt", { name })}
                    className="w-72 object-contain sm:w-80"
                  />
                </a>
              </section>
            ) : null}

            {/* Made on the server (its words and code never reach the browser); its links are plain links. */}
            {loaderData.reviews ? (
              <div id={REVIEWS_ANCHOR} dangerouslySetInnerHTML={{ __html: loaderData.reviews.html }} />
            ) : null}

            <PublicHistory events={loaderData.history} />

            <Section title={t("report.open")} testId="report" id={REPORT_SECTION}>
              <div className="px-4 py-4">
                <Suspense fallback={null}>
                  <ReportForm slug={restaurant.slug} />
                </Suspense>
              </div>
            </Section>

            {loaderData.claimable ? (
              <p>
                <Link
                  to={claimPath(restaurant.slug, language)}
                  className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
                  data-testid="claim-link"
                >
                  {t("claim.link")}
                </Link>
              </p>
            ) : null}

            <section className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
              <h2 className="font-semibold">{t("restaurant.disclaimerTitle")}</h2>
              <p className="mt-1 text-sm">{t("disclaimer.ai")}</p>
            </section>
          </div>
        </div>
      </div>
    </article>
  );
}
