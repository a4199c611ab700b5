import { memo } from "react";
import { Link } from "react-router";
import { responsiveImage } from "../../../../lib/images";
import { localized } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { restaurantPath } from "../../../../lib/paths";
import type { ListedRestaurant } from "../search-index";
import {
  type Freshness,
  ClosedBadge,
  FreshnessMark,
  KashrutBadge,
  TagList,
  visibleTags,
  certificateState,
  type CertificateClock,
  isDoubtful,
  kashrutStanding,
} from "../../core";
import { openLineAt, type ShortStatus } from "../../hours";
import { useNow } from "../../../../lib/use-now";
import { cn } from "../../../../lib/cn";
import type { DirectoryKey } from "../../../../locales/en";
import { CertificateLine } from "../../certificate";
import { PesachMark, type PesachSeason } from "../../pesach";
import { SaveButton } from "../../saved";

/**
 * "Open now" / "Closed for Shabbat" in short, from the browser's clock after hydration (never in
 * the server's HTML, which a cache may keep). The line always takes its height: nothing moves.
 */
function OpenNow({ restaurant, statusOf }: { restaurant: ListedRestaurant; statusOf: StatusOf | undefined }) {
  const { t } = useLanguage();
  const now = useNow();
  const status = now === null ? undefined : shortStatus(restaurant, now, statusOf);
  const text = status ? t(status.message) : "";
  return (
    <p
      className={cn("mt-2 h-5 text-sm font-medium", status?.open ? "text-brand-800" : "text-stone-700")}
      data-testid="card-open"
      data-open={status ? String(status.open) : undefined}
    >
      {text}
    </p>
  );
}

/**
 * A search index card's status from its week, Shabbat, holidays and Pesach: the index's code
 * (local-search.ts), which the page has once the index is in (none on the first visit).
 */
export type StatusOf = (restaurant: ListedRestaurant, now: number) => ShortStatus | undefined;

/**
 * Open now, or closed and why, in a few words (cards and the map's popups): from the card's open
 * line (a page's cards, card-rows.server.ts) or its week (the index's); nothing without hours.
 */
export function shortStatus(
  restaurant: ListedRestaurant,
  now: number,
  statusOf?: StatusOf,
): { open: boolean; message: DirectoryKey } | undefined {
  if (restaurant.isPermanentlyClosed) return undefined;
  const status = restaurant.openLine ? openLineAt(restaurant.openLine, now) : statusOf?.(restaurant, now);
  if (!status) return undefined;
  if (status.open) return { open: true, message: "card.openNow" };
  return {
    open: false,
    message:
      status.reason === "shabbat"
        ? "card.closedShabbat"
        : status.reason === "holiday"
          ? "card.closedHoliday"
          : "card.closedNow",
  };
}

export const CARD_TAGS = 3;
/**
 * The no-photo picture's strokes, as markup: the same HTML as a <path> element, but written by the
 * server as one piece and never an element of its own to hydrate, on each card without a photo.
 */
const CUTLERY = {
  __html:
    '<path d="M7 3v8a2 2 0 0 0 2 2v8M11 3v8M15 3c-1.5 2-2 4-2 7h3v11" stroke-linecap="round" stroke-linejoin="round"></path>',
};
const CARD_IMAGE_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";

/** Memoised: while a visitor types, cards that stay in the results are not rendered again. */
export const RestaurantCard = memo(function RestaurantCard({
  restaurant,
  eager,
  freshness,
  distance,
  clock,
  season,
  statusOf,
}: {
  restaurant: ListedRestaurant;
  eager: boolean;
  freshness: Freshness;
  /** The day (and grace period) the certificate's line is judged on. */
  clock: CertificateClock;
  /** How far it is from the visitor ("350 m"), once "Near me" knows. */
  distance?: string | undefined;
  /** The Pesach whose season it is (the card's mark), or null. */
  season: PesachSeason | null;
  statusOf: StatusOf | undefined;
}) {
  const { language, t } = useLanguage();
  const image = restaurant.photo ? responsiveImage(restaurant.photo, 400) : undefined;
  const tags = visibleTags(restaurant.tags, CARD_TAGS);
  const { rating } = restaurant;
  // The average to one decimal (as reviews/average.ts words it for the restaurant page).
  const average = rating ? (rating.stars / rating.count).toFixed(1) : "";
  const doubtful = isDoubtful(
    kashrutStanding(restaurant.kashrut, restaurant.certificate?.body, certificateState(restaurant.certificate, clock)),
  );
  return (
    // Save sits over the card's photo, outside its link (a button is never inside a link).
    <div className="relative h-full">
      <Link
        to={restaurantPath(restaurant.slug, language)}
        className="group block h-full overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md focus-visible:shadow-md"
      >
        <div className="relative aspect-[3/2] bg-stone-200">
          {image ? (
            <img
              key={restaurant.slug}
              src={image.src}
              srcSet={image.srcSet}
              sizes={CARD_IMAGE_SIZES}
              width={400}
              height={267}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              alt=""
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-1 text-stone-600">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-8 w-8"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                dangerouslySetInnerHTML={CUTLERY}
              />
              <span className="text-xs">{t("card.noPhoto")}</span>
            </div>
          )}
        </div>
        <div className="p-4">
          <h3 className="font-semibold text-stone-900 group-hover:text-brand-800">
            <bdi>{localized(restaurant.name, language)}</bdi>
          </h3>
          {/* Its published reviews' average and count; said in words to screen readers. */}
          {rating ? (
            <p
              role="img"
              aria-label={t("card.rating", { average, count: rating.count })}
              className="mt-1 text-sm text-stone-700"
            >
              ★ {average} ({rating.count})
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
            <KashrutBadge kashrut={restaurant.kashrut} doubtful={doubtful} />
            {restaurant.isPermanentlyClosed ? <ClosedBadge /> : null}
            <FreshnessMark freshness={freshness} lastVerified={restaurant.lastVerified} />
            <PesachMark status={season ? restaurant.pesach?.[season.year]?.status : undefined} />
            <TagList tags={tags.shown} more={tags.more} />
          </div>
          <CertificateLine certificate={restaurant.certificate} clock={clock} className="mt-2" />
          <OpenNow restaurant={restaurant} statusOf={statusOf} />
          {distance ? (
            <p className="mt-1 text-sm text-stone-700" data-testid="card-distance">
              {t("card.distance", { distance })}
            </p>
          ) : null}
        </div>
      </Link>
      <SaveButton slug={restaurant.slug} name={localized(restaurant.name, language)} className="absolute end-2 top-2" />
    </div>
  );
});
