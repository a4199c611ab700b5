// /saved and /he/saved — a diner's saved places (ADR 024). Private (about the visitor, never
// cached). Signed in, the account's list from the server; without an account, this device's list:
// the page asks its own loader for those cards (`?slugs=`). Its action is where every Save button
// posts: add or remove a place, or merge a device's list once its visitor has signed in.
import { useEffect, useRef } from "react";
import { data, Link, redirect, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/saved";
import { freshnessClock } from "../features/restaurants/core/freshness";
import { withBatchDay } from "../features/restaurants/certificate/batch-day.server";
import { windowsAround } from "../features/restaurants/hours/rest-windows.server";
import { MapView } from "../features/restaurants/search/components/MapView";
import { pesachSeasonAt, seasonNow } from "../features/restaurants/pesach/season.server";
import { clearDevice, MAX_SAVED, useDeviceSlugs } from "../features/restaurants/saved/device";
import { keepPlaces } from "../features/restaurants/saved/saved.server";
import { cardsForSlugs, savedCards } from "../features/restaurants/search/saved-cards.server";
import { ResultsGrid } from "../features/restaurants/search/components/ResultsGrid";
import { cardRows } from "../features/restaurants/search/card-rows.server";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { readFormData } from "../lib/form-data.server";
import { detectLanguage } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { useHydrated } from "../lib/use-hydrated";
import { homePath, loginPath, restaurantPath, safeReturnPath, savedPath } from "../lib/paths";
import { keepOffline } from "../features/restaurants/saved/offline";
import { alertsPath } from "../features/restaurants/alerts/paths";
import { viewerContext } from "../lib/session.server";
import { formText } from "../lib/form-rules";

export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  const params = url.searchParams;
  const now = seasonNow(services);
  const season = pesachSeasonAt(now);
  const map = params.get("view") === "map";
  const windows = windowsAround(now.getTime());
  const found = viewer
    ? await savedCards(services.db, viewer.id)
    : await cardsForSlugs(services.db, (params.get("slugs") ?? "").split(",").filter(Boolean).slice(0, MAX_SAVED));
  return {
    inAccount: viewer !== null,
    restaurants: cardRows(found, { map, season, now: now.getTime(), windows }),
    clock: await withBatchDay(
      services,
      freshnessClock(services.settings.verificationMaxAgeDays, undefined, services.settings.certificateGraceDays),
    ),
    tiles: services.settings.mapTiles,
    pesach: season,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  const language = detectLanguage(new URL(request.url).pathname);
  const form = await readFormData(request);
  const text = formText(form);
  // A Save button without JavaScript is itself the field: `add` or `remove`, its value the place.
  const button = form.has("add") ? "add" : form.has("remove") ? "remove" : "";
  const intent = text("intent") || button;
  // Back to the page the button was on: the form's `next`, or the page that posted (same site only).
  const back = safeReturnPath(text("next")) ?? safeReturnPath(refererPath(request)) ?? savedPath(language);
  // Without an account (and so without JavaScript: with it the device keeps the place) the server
  // cannot save: sign in, and come back to the page.
  if (!viewer) throw redirect(`${loginPath(language, back)}&reason=save`);
  const slugs =
    intent === "merge" ? text("slugs").split(",").filter(Boolean).slice(0, MAX_SAVED) : [text("slug") || text(button)];
  try {
    if (intent === "remove") await keepPlaces(services.db, viewer, { remove: slugs });
    else if (intent === "add" || intent === "merge") await keepPlaces(services.db, viewer, { add: slugs });
  } catch (error) {
    return actionError(error, { log: "[saved] keeping failed:" });
  }
  if (text("js") === "1") return data({ ok: true });
  throw redirect(back);
}

/** The path (and query) of the page that posted, when it is this site's (by host: behind a proxy that ends TLS the scheme may differ). */
function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.host === new URL(request.url).host ? from.pathname + from.search : null;
  } catch {
    return null;
  }
}

export function meta({ location }: Route.MetaArgs) {
  const t = translator(detectLanguage(location.pathname));
  return [{ title: `${t("saved.title")} | ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
}

export default function SavedPage({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const view = searchParams.get("view") === "map" ? "map" : "list";
  const device = useDeviceSlugs();
  const cards = useFetcher<typeof loader>();
  const merge = useFetcher<typeof action>();
  const merged = useRef(false);
  const { inAccount, pesach: season } = loaderData;

  // Signed in with places still on this device: they join the account, then leave the device.
  useEffect(() => {
    if (!inAccount || device.length === 0 || merged.current) return;
    merged.current = true;
    void merge.submit(
      { intent: "merge", slugs: device.join(","), js: "1" },
      { method: "post", action: savedPath(language) },
    );
  }, [inAccount, device, merge, language]);
  useEffect(() => {
    if (merge.state === "idle" && merge.data && "ok" in merge.data) clearDevice();
  }, [merge.state, merge.data]);

  // Without an account, the cards of this device's list (asked of this page's own loader).
  const wanted = device.join(",");
  useEffect(() => {
    if (inAccount || wanted === "") return;
    const query = new URLSearchParams({ slugs: wanted });
    if (view === "map") query.set("view", "map");
    void cards.load(`${savedPath(language)}?${query.toString()}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `cards` changes with every load; the list and the view decide
  }, [inAccount, wanted, view, language]);

  const shown = inAccount
    ? loaderData.restaurants
    : wanted === ""
      ? []
      : (cards.data?.restaurants ?? []).filter((card) => device.includes(card.slug));
  // The saved places' pages are kept for offline use whenever the list is shown.
  const pages = shown.map((restaurant) => restaurantPath(restaurant.slug, language)).join(" ");
  useEffect(() => {
    keepOffline(pages ? pages.split(" ") : []);
  }, [pages]);
  const toggle = new URLSearchParams(searchParams);
  if (view === "map") toggle.delete("view");
  else toggle.set("view", "map");
  const loading = !inAccount && wanted !== "" && !cards.data;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("saved.title")}</h1>
      <p className="mt-2 text-stone-700">{t("saved.intro")}</p>
      {inAccount ? (
        <p className="mt-2 text-sm">
          <Link
            to={alertsPath(language)}
            className="font-medium text-brand-800 underline underline-offset-4"
            data-testid="saved-alerts"
          >
            {t("alerts.savedLink")}
          </Link>
        </p>
      ) : null}
      {!inAccount ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="saved-device-note">
          {hydrated ? t("saved.onDevice") : t("saved.needsScript")}{" "}
          <Link
            to={loginPath(language, savedPath(language))}
            className="font-medium text-brand-800 underline underline-offset-4"
          >
            {t("footer.login")}
          </Link>
        </p>
      ) : null}
      {merge.data && "error" in merge.data ? (
        <p role="alert" className="mt-4 text-red-800">
          {t(merge.data.error)}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <>
          <p className="mt-6">
            <Link
              to={`?${toggle.toString()}`}
              replace
              preventScrollReset
              className="font-medium text-brand-800 underline underline-offset-4"
              data-testid="saved-view"
            >
              {view === "map" ? t("home.viewList") : t("home.viewMap")}
            </Link>
          </p>
          {view === "map" ? <MapView results={shown} tiles={loaderData.tiles} skipTo="saved-list" /> : null}
          <section id="saved-list" tabIndex={-1} aria-label={t("saved.title")} className="mt-6">
            <ResultsGrid results={shown} shown={MAX_SAVED} clock={loaderData.clock} season={season} />
          </section>
        </>
      ) : loading ? null : (
        <div
          className="mt-8 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center"
          data-testid="saved-empty"
        >
          <p className="text-lg font-semibold">{t("saved.empty")}</p>
          <p className="mt-4">
            <Link to={homePath(language)} className="font-medium text-brand-800 underline underline-offset-4">
              {t("nav.home")}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
