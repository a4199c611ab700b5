import { Link } from "react-router";
import type { Route } from "./+types/home";
import { KASHRUT_LABELS, tagLabel } from "../features/restaurants/constants";
import { listRestaurants } from "../features/restaurants/queries.server";
import { servicesContext } from "../lib/context";
import { responsiveImage } from "../lib/images";
import { detectLanguage, localized } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  return { restaurants: await listRestaurants(db) };
}

export function meta({ location }: Route.MetaArgs) {
  const t = translator(detectLanguage(location.pathname));
  return [
    { title: t("meta.defaultTitle") },
    { name: "description", content: t("meta.defaultDescription") },
  ];
}

const CARD_TAGS = 3;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const { restaurants } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-800 to-brand-700 px-4 py-14 text-center text-white">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t("home.title")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">{t("home.subtitle")}</p>
        <ul className="mt-6 flex flex-wrap justify-center gap-2 text-sm font-medium">
          <li className="rounded-full bg-white/15 px-3 py-1">{t("home.badgeArea")}</li>
          <li className="rounded-full bg-white/15 px-3 py-1">{t("home.badgeVerified")}</li>
        </ul>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="results-count">
        <h2 id="results-count" className="mb-4 text-sm font-medium text-stone-700">
          {t("home.count", { count: restaurants.length })}
        </h2>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {restaurants.map((restaurant, index) => {
            const image = restaurant.photo ? responsiveImage(restaurant.photo, 400) : undefined;
            const extraTags = restaurant.tags.length - CARD_TAGS;
            return (
              <li key={restaurant.id}>
                <Link
                  to={`/${language}/restaurant/${restaurant.slug}`}
                  className="block h-full overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md"
                >
                  <div className="aspect-[3/2] bg-stone-200">
                    {image ? (
                      <img
                        src={image.src}
                        srcSet={image.srcSet}
                        sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                        width={400}
                        height={267}
                        loading={index < 4 ? "eager" : "lazy"}
                        decoding="async"
                        alt=""
                        className="h-full w-full object-cover"
                      />
                    ) : null}
                  </div>
                  <div className="p-4">
                    <h3 className="font-semibold text-stone-900">{localized(restaurant.name, language)}</h3>
                    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
                      <span className="rounded bg-brand-100 px-2 py-0.5 font-medium text-brand-800">
                        {KASHRUT_LABELS[restaurant.kashrut][language]}
                      </span>
                      {restaurant.isPermanentlyClosed ? (
                        <span className="rounded bg-red-700 px-2 py-0.5 font-medium text-white">
                          {t("restaurant.permanentlyClosed")}
                        </span>
                      ) : null}
                      {restaurant.tags.slice(0, CARD_TAGS).map((tag) => (
                        <span key={tag} className="rounded bg-stone-100 px-2 py-0.5 text-stone-700">
                          {tagLabel(tag, language)}
                        </span>
                      ))}
                      {extraTags > 0 ? (
                        <span className="text-stone-600" dir="ltr">
                          +{extraTags}
                        </span>
                      ) : null}
                    </div>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
