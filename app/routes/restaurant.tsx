import { lazy, Suspense, type ReactNode } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/restaurant";
import { ClosedBadge, KashrutBadge, TagList, WARNING_PATH } from "../features/restaurants/components/Badges";
import { MenuGallery } from "../features/restaurants/components/MenuGallery";
import { KASHRUT_LABELS } from "../features/restaurants/constants";
import {
  isPdfLink,
  kashrutWebsiteButton,
  restaurantDescription,
  restaurantJsonLd,
  restaurantPageJsonLd,
  restaurantTitle,
} from "../features/restaurants/presentation";
import { findSlugRedirect } from "../features/restaurants/editing/slugs.server";
import { getRestaurantBySlug, loadPublicHistory } from "../features/restaurants/queries.server";
import type { PublicEvent } from "../features/restaurants/public-history";
import { useLiveRestaurant } from "../features/restaurants/use-live-updates";
import { servicesContext } from "../lib/context";
import { formatLongDate, laterDay, telAvivDay } from "../lib/dates";
import { detectLanguage, localized } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { responsiveImage } from "../lib/images";
import { homePath, inBothLanguages, restaurantPath } from "../lib/paths";
import { absoluteUrl, pageMeta, publicUrlFrom } from "../lib/seo";
import { freshnessClock, freshnessOf, type Freshness } from "../features/restaurants/freshness";
import { OpenStatus, WeekHours } from "../features/restaurants/hours/components/Hours";
import { hoursViewOf } from "../features/restaurants/hours/hours-view.server";
import { PlaceMap } from "../features/restaurants/map/components/PlaceMap";
import { PLACE_MAP, staticMap } from "../features/restaurants/map/static-map";

// The report form's code is not part of the page's first JavaScript (the budget, ADR 015): the
// server renders it in full (the loader loads it first); the browser keeps that HTML — a plain
// form that already works — and fetches the form's code only when the visitor opens the section.
const loadReportForm = () => import("../features/reports/components/ReportForm");
let serverReportForm: Awaited<ReturnType<typeof loadReportForm>> | undefined;
type ReportFormModule = { default: Awaited<ReturnType<typeof loadReportForm>>["ReportForm"] };
const ReportForm = lazy((): Promise<ReportFormModule> => {
  const loaded = serverReportForm;
  // On the server, already loaded: a thenable that resolves at once, so React renders the form in
  // the first pass (no fallback, nothing streamed later).
  if (loaded) return { then: (resolve: (module: ReportFormModule) => void) => resolve({ default: loaded.ReportForm }) } as Promise<ReportFormModule>;
  return whenOpened(REPORT_SECTION)
    .then(loadReportForm)
    .then((module) => ({ default: module.ReportForm }));
});

const REPORT_SECTION = "report-section";

/** Resolves when the <details> with this id is (or becomes) open; at once where there is none. */
function whenOpened(id: string): Promise<void> {
  return new Promise((resolve) => {
    const details = document.getElementById(id);
    if (!(details instanceof HTMLDetailsElement) || details.open) return resolve();
    details.addEventListener("toggle", () => resolve(), { once: true });
  });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  serverReportForm ??= await loadReportForm();
  const { db, settings } = context.get(servicesContext);
  const found = await getRestaurantBySlug(db, params.slug);
  if (!found) {
    const language = detectLanguage(new URL(request.url).pathname);
    // A renamed restaurant's old address moves permanently to the new one.
    const renamed = await findSlugRedirect(db, params.slug);
    if (renamed) throw redirect(restaurantPath(renamed, language), 301);
    // Spec: an unknown slug sends the visitor to the home page (in the page's language).
    throw redirect(homePath(language));
  }
  const { restaurant, updatedAt } = found;
  // The day freshness is judged on, the same in the server's HTML and the hydrated page (ADR 014).
  const clock = freshnessClock(settings.verificationMaxAgeDays);
  return {
    restaurant,
    contactEmail: settings.contactEmail,
    clock,
    history: await loadPublicHistory(db, restaurant.id),
    // The week, the coming Shabbat or Yom Tov, and the timeline "open now" is read from (issue 15).
    hours: restaurant.hours && !restaurant.isPermanentlyClosed ? hoursViewOf(restaurant.hours) : null,
    lastChanged: laterDay(restaurant.lastVerified, telAvivDay(updatedAt)),
    tiles: settings.mapTiles,
    // The tiles around the place, laid out here: the page's script need not know tile math.
    placeMap: restaurant.location ? staticMap(restaurant.location, settings.mapTiles.url, PLACE_MAP) : null,
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { restaurant } = loaderData;
  const language = detectLanguage(location.pathname);
  const publicUrl = publicUrlFrom(matches);
  const path = restaurantPath(restaurant.slug, language);
  const image = restaurant.photo ? responsiveImage(restaurant.photo, 1200).src : undefined;
  return [
    ...pageMeta({
      publicUrl,
      language,
      title: restaurantTitle(restaurant, language),
      description: restaurantDescription(restaurant, language),
      path,
      alternates: inBothLanguages((l) => restaurantPath(restaurant.slug, l)),
      ...(image ? { image } : {}),
      type: "restaurant",
    }),
    {
      "script:ld+json": restaurantJsonLd(restaurant, language, absoluteUrl(publicUrl, path), image ? absoluteUrl(publicUrl, image) : undefined),
    },
    { "script:ld+json": restaurantPageJsonLd(absoluteUrl(publicUrl, path), loaderData.lastChanged) },
  ];
}

const button =
  "flex min-h-11 w-full items-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium text-stone-800 hover:border-brand-700 hover:bg-brand-50";

function ActionLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  const { t } = useLanguage();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={button}>
      <span aria-hidden="true" className="text-brand-700">
        {icon}
      </span>
      <span>
        {children}
        <span className="sr-only"> {t("restaurant.newTab")}</span>
      </span>
    </a>
  );
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);
const ICONS = {
  navigate: icon("M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"),
  order: icon("M6 6h15l-1.5 9h-12zM6 6L5 3H2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM18 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z"),
  delivery: icon("M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"),
  menu: icon("M4 5h16M4 12h16M4 19h10"),
  pdf: icon("M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h6"),
  book: icon("M4 7h16v13H4zM4 11h16M8 3v4M16 3v4"),
  kashrut: icon("M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6zM9 12l2 2 4-4"),
};

export default function RestaurantPage({ loaderData }: Route.ComponentProps) {
  const { restaurant, contactEmail } = loaderData;
  const { language, t, ti } = useLanguage();
  const name = localized(restaurant.name, language);
  const kashrutLabel = KASHRUT_LABELS[restaurant.kashrut][language];
  const photo = restaurant.photo ? responsiveImage(restaurant.photo, 1200) : undefined;
  const teuda = restaurant.teuda ? responsiveImage(restaurant.teuda, 800) : undefined;
  const kashrutSite = kashrutWebsiteButton(restaurant);
  const closed = restaurant.isPermanentlyClosed;
  const showUpdated = useLiveRestaurant(restaurant.slug, language);

  const hasActions = restaurant.wazeLink || restaurant.onlineOrderLink || restaurant.woltLink || restaurant.menuLink || restaurant.bookingLink || kashrutSite;

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
          <Link to={homePath(language)} className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-medium text-brand-800 hover:bg-brand-50">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t("restaurant.back")}
          </Link>
        </div>

        <header className="mt-2 border-b border-stone-200 pb-5">
          <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">
            <bdi>{name}</bdi>
          </h1>
          {/* Isolated, not dir="auto": an English address stays aligned with a Hebrew title. */}
          <p className="mt-2 text-stone-700">
            <bdi>{restaurant.address}</bdi>
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <KashrutBadge kashrut={restaurant.kashrut} large />
            {closed ? <ClosedBadge large /> : null}
            <TagList tags={restaurant.tags} more={0} />
          </div>
          <VerificationLine lastVerified={restaurant.lastVerified} freshness={freshnessOf(restaurant.lastVerified, loaderData.clock)} />
          {loaderData.hours ? <OpenStatus timeline={loaderData.hours.timeline} /> : null}
        </header>

        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <aside className="space-y-6 lg:col-start-2 lg:row-start-1" aria-label={t("restaurant.actions")}>
            {hasActions ? (
              <section>
                <h2 className="mb-3 text-lg font-semibold">{t("restaurant.actions")}</h2>
                <div className="space-y-2">
                  {restaurant.wazeLink ? (
                    <ActionLink href={restaurant.wazeLink} icon={ICONS.navigate}>
                      {t("restaurant.navigate")}
                    </ActionLink>
                  ) : null}
                  {restaurant.onlineOrderLink ? (
                    <ActionLink href={restaurant.onlineOrderLink} icon={ICONS.order}>
                      {t("restaurant.orderOnline")}
                    </ActionLink>
                  ) : null}
                  {restaurant.woltLink ? (
                    <ActionLink href={restaurant.woltLink} icon={ICONS.delivery}>
                      {t("restaurant.orderDelivery")}
                    </ActionLink>
                  ) : null}
                  {restaurant.menuLink ? (
                    <ActionLink href={restaurant.menuLink} icon={isPdfLink(restaurant.menuLink) ? ICONS.pdf : ICONS.menu}>
                      {isPdfLink(restaurant.menuLink) ? t("restaurant.viewMenuPdf") : t("restaurant.viewMenu")}
                    </ActionLink>
                  ) : null}
                  {restaurant.bookingLink ? (
                    <ActionLink href={restaurant.bookingLink} icon={ICONS.book}>
                      {t("restaurant.book")}
                    </ActionLink>
                  ) : null}
                  {kashrutSite ? (
                    <ActionLink href={kashrutSite.href} icon={ICONS.kashrut}>
                      {t(kashrutSite.label)}
                    </ActionLink>
                  ) : null}
                </div>
              </section>
            ) : null}

            <section className="rounded-xl border border-stone-200 bg-white p-4">
              <h2 className="text-lg font-semibold">{t("restaurant.contact")}</h2>
              <dl className="mt-3 space-y-3 text-sm">
                {restaurant.phoneNumber ? (
                  <div>
                    <dt className="font-medium text-stone-600">{t("restaurant.phone")}</dt>
                    <dd>
                      <a
                        href={`tel:${restaurant.phoneNumber.replace(/[^\d+]/g, "")}`}
                        dir="ltr"
                        className="font-medium text-brand-800 underline underline-offset-4"
                      >
                        {restaurant.phoneNumber}
                      </a>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt className="font-medium text-stone-600">{t("restaurant.address")}</dt>
                  <dd>
                    <bdi>{restaurant.address}</bdi>
                    {loaderData.placeMap ? <PlaceMap map={loaderData.placeMap} address={restaurant.address} tiles={loaderData.tiles} /> : null}
                  </dd>
                </div>
                {loaderData.hours ? (
                  <div>
                    <dt className="font-medium text-stone-600">{t("restaurant.hours")}</dt>
                    <dd className="mt-1">
                      <WeekHours days={restaurant.hours?.days ?? []} rest={loaderData.hours.rest} />
                    </dd>
                  </div>
                ) : null}
                {!closed && restaurant.openingHours ? (
                  <div>
                    <dt className="font-medium text-stone-600">{loaderData.hours ? t("hours.note") : t("restaurant.hours")}</dt>
                    {/* Each line isolated: "12:00-23:00" keeps its order in a Hebrew page. */}
                    <dd>
                      {restaurant.openingHours.split("\n").map((line, index) => (
                        <span key={index} className="block">
                          <bdi>{line}</bdi>
                        </span>
                      ))}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </section>
          </aside>

          <div className="space-y-8 lg:col-start-1 lg:row-start-1">
            {restaurant.description ? (
              <section>
                <h2 className="text-xl font-semibold">{t("restaurant.about")}</h2>
                <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-800">{localized(restaurant.description, language)}</p>
              </section>
            ) : null}

            {closed ? (
              <section className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900" data-testid="closed-notice">
                <h2 className="font-semibold">{t("restaurant.closedTitle")}</h2>
                <p className="mt-1">{ti("restaurant.closedBody", { name, email: contactEmail })}</p>
              </section>
            ) : (
              <section>
                <h2 className="text-xl font-semibold">{t("restaurant.faqTitle")}</h2>
                <div className="mt-3 space-y-3">
                  <div className="rounded-xl border border-stone-200 bg-white p-4" data-testid="faq">
                    <h3 className="font-semibold">{ti("restaurant.faqKosherQ", { name })}</h3>
                    <p className="mt-1 text-stone-800">
                      {restaurant.kashrut === "unknown"
                        ? ti("restaurant.faqKosherUnknownA", { name })
                        : ti("restaurant.faqKosherA", { name, kashrut: kashrutLabel })}
                    </p>
                  </div>
                  <div className="rounded-xl border border-stone-200 bg-white p-4" data-testid="faq">
                    <h3 className="font-semibold">{ti("restaurant.faqHoursQ", { name })}</h3>
                    <p className="mt-1 text-stone-800">
                      {restaurant.hours
                        ? ti("restaurant.faqHoursStructuredA", { name })
                        : restaurant.openingHours
                          ? ti("restaurant.faqHoursA", { hours: restaurant.openingHours })
                          : ti("restaurant.faqHoursUnknownA", { name })}
                    </p>
                  </div>
                </div>
              </section>
            )}

            {restaurant.menuImages.length > 0 ? (
              <section>
                <h2 className="mb-3 text-xl font-semibold">{t("restaurant.menu")}</h2>
                <MenuGallery images={restaurant.menuImages} restaurantName={name} />
              </section>
            ) : null}

            {teuda ? (
              <section>
                <h2 className="mb-3 text-xl font-semibold">{t("restaurant.certificate")}</h2>
                <a href={restaurant.teuda} className="inline-block overflow-hidden rounded-lg border border-stone-200 bg-white">
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

            <PublicHistory events={loaderData.history} />

            <Section title={t("report.open")} testId="report" id={REPORT_SECTION}>
              <div className="px-4 py-4">
                <Suspense fallback={null}>
                  <ReportForm slug={restaurant.slug} />
                </Suspense>
              </div>
            </Section>

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

/**
 * When the information was last verified, by the kashrut badge (issue 14): the date when fresh,
 * "Not verified yet" without one, and in words with a warning sign when it is overdue.
 */
function VerificationLine({ lastVerified, freshness }: { lastVerified: string | undefined; freshness: Freshness }) {
  const { language, t } = useLanguage();
  const date = lastVerified ? formatLongDate(lastVerified, language) : "";
  if (freshness === "overdue") {
    return (
      <p
        data-testid="verification"
        data-freshness={freshness}
        className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.2">
          <path d={WARNING_PATH} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("freshness.overdue", { date })}
      </p>
    );
  }
  return (
    <p data-testid="verification" data-freshness={freshness} className="mt-3 text-sm text-stone-700">
      {freshness === "fresh" ? t("restaurant.lastVerified", { date }) : t("freshness.never")}
    </p>
  );
}

/** The changes a diner may care about (issue 14), in a disclosure that works without JavaScript. */
function PublicHistory({ events }: { events: PublicEvent[] }) {
  const { language, t } = useLanguage();
  if (events.length === 0) return null;
  const label = (event: PublicEvent) => {
    switch (event.kind) {
      case "kashrut":
        return t("publicHistory.kashrut", { from: KASHRUT_LABELS[event.from][language], to: KASHRUT_LABELS[event.to][language] });
      case "closed":
        return t("publicHistory.closed");
      case "reopened":
        return t("publicHistory.reopened");
      case "verified":
        return t("publicHistory.verified");
    }
  };
  return (
    <Section title={t("publicHistory.title")} testId="public-history">
      <ul className="space-y-2 px-4 py-3 text-sm">
        {events.map((event, index) => (
          <li key={index} className="flex flex-wrap gap-x-3">
            <time dateTime={event.day} className="font-medium text-stone-600 tabular-nums">
              {formatLongDate(event.day, language)}
            </time>
            <span>{label(event)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A closed section of the page that opens in place (a <details>: no JavaScript needed). */
function Section({ title, testId, id, children }: { title: string; testId: string; id?: string; children: ReactNode }) {
  return (
    <details id={id} className="group rounded-xl border border-stone-200 bg-white" data-testid={testId}>
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 px-4 font-semibold">
        {title}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 transition group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="border-t border-stone-100">{children}</div>
    </details>
  );
}
