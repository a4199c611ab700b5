// The restaurant page's practical facts (issue 30): the price level in shekel signs (read out as
// words), the services known and the wheelchair access, as a line of small badges. Nothing when
// nothing is known.
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { Restaurant } from "../../types";
import { priceSigns, servicesOf } from "../practical";

export function PracticalLine({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useLanguage();
  const { priceLevel, wheelchair } = restaurant;
  const items = servicesOf(restaurant).map((service) => t(`facts.${service}`));
  if (wheelchair) items.push(t(wheelchair === "yes" ? "facts.wheelchair" : wheelchair === "partly" ? "factsPage.wheelchairPartly" : "factsPage.wheelchairNo"));
  if (!priceLevel && items.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2 text-sm" data-testid="practical">
      {priceLevel ? (
        <li className="rounded-md border border-stone-300 px-2 py-0.5 font-semibold text-stone-800">
          <span aria-hidden="true">{priceSigns(priceLevel)}</span>
          <span className="sr-only">{t("factsPage.price", { level: priceLevel })}</span>
        </li>
      ) : null}
      {items.map((item) => (
        <li key={item} className="rounded-md border border-stone-300 px-2 py-0.5 text-stone-800">
          {item}
        </li>
      ))}
    </ul>
  );
}
