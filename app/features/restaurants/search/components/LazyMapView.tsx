// The map view as the home and Saved pages name it: its code (this view's own, Leaflet, its CSS and
// the clusters) loads only when the map is shown, never with the page. Until it is in, a placeholder
// of the map's size says it is loading; if it cannot be loaded, the placeholder says so and the list
// stays. A page the server drew with the map open keeps the server's HTML until the code is in.
import { lazy, Suspense, type ComponentProps } from "react";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { MapPlaceholder } from "./MapPlaceholder";

const MapView = lazy(() => import("./MapView").catch(() => ({ default: MapFailed })));

function MapFailed() {
  const { t } = useLanguage();
  return <MapPlaceholder text={t("map.failed")} />;
}

export function LazyMapView(props: ComponentProps<typeof MapView>) {
  const { t } = useLanguage();
  return (
    <Suspense fallback={<MapPlaceholder text={t("map.loading")} />}>
      <MapView {...props} />
    </Suspense>
  );
}
