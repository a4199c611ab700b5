import { Link } from "react-router";
import type { Route } from "./+types/index";
import { listRestaurantsForUser } from "../../features/restaurants/queries.server";
import { servicesContext } from "../../lib/context";
import { localized } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { requireDashboard } from "../../lib/permissions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  const { db } = context.get(servicesContext);
  const list = await listRestaurantsForUser(db, viewer);
  return { restaurants: list.map((r) => ({ id: r.id, slug: r.slug, name: r.name, address: r.address })) };
}

export function meta() {
  return [{ title: "Restaurant Management | Kosher Tel Aviv" }, { name: "robots", content: "noindex" }];
}

export default function DashboardIndex({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-extrabold">
        {t("dashboard.title")}
      </h1>
      <ul className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
        {loaderData.restaurants.map((restaurant) => (
          <li key={restaurant.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <Link to={`/${language}/restaurant/${restaurant.slug}`} className="font-medium text-brand-800 underline-offset-4 hover:underline">
              {localized(restaurant.name, language)}
            </Link>
            <span className="text-sm text-stone-600" dir="auto">
              {restaurant.address}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
