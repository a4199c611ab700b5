import type { MapTiles } from "../../../../lib/context";
import { localizedWithLanguage } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { Shown } from "./Shown";
import { WeekHours } from "../../hours";
import type { HoursView } from "../../hours/index.server";
import { PlaceMap, type StaticMap } from "../../map";
import { tapPing } from "../../statistics";
import type { Restaurant } from "../../core";

/** Phone, address with its small map, the week's hours and the hours note. */
export function RestaurantContact({
  restaurant,
  hours,
  placeMap,
  tiles,
}: {
  restaurant: Restaurant;
  hours: HoursView | null;
  placeMap: StaticMap | null;
  tiles: MapTiles;
}) {
  const { language, t } = useLanguage();
  const closed = restaurant.isPermanentlyClosed;
  // The address and the note in the page's language, the English where there is no Hebrew.
  const address = { en: restaurant.address, he: restaurant.addressHe };
  const note = restaurant.openingHours
    ? localizedWithLanguage({ en: restaurant.openingHours, he: restaurant.openingHoursHe }, language)
    : null;
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t("restaurant.contact")}</h2>
      <dl className="mt-3 space-y-3 text-sm">
        {restaurant.phoneNumber ? (
          <div>
            <dt className="font-medium text-stone-600">{t("restaurant.phone")}</dt>
            <dd>
              <a
                href={`tel:${restaurant.phoneNumber.replace(/[^\d+]/g, "")}`}
                ping={tapPing(restaurant.slug, "phone")}
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
            <Shown value={address} />
            {placeMap ? <PlaceMap map={placeMap} address={address.en} tiles={tiles} /> : null}
          </dd>
        </div>
        {hours ? (
          <div>
            <dt className="font-medium text-stone-600">{t("restaurant.hours")}</dt>
            <dd className="mt-1">
              <WeekHours days={hours.week} rest={hours.rest} zone={hours.zone} />
            </dd>
          </div>
        ) : null}
        {!closed && note ? (
          <div>
            <dt className="font-medium text-stone-600">{hours ? t("hours.note") : t("restaurant.hours")}</dt>
            {/* Each line isolated: "12:00-23:00" keeps its order in a Hebrew page. */}
            <dd>
              {note.text.split("\n").map((line, index) => (
                <span key={index} className="block">
                  <bdi lang={note.lang} dir="auto">
                    {line}
                  </bdi>
                </span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
