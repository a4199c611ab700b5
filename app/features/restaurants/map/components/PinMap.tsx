// The restaurant form's map (ADR 017): tap or click to drop the pin, drag it to the door. The
// coordinates fields beside it stay the accessible way to set the place; this map follows them.
// Loaded only with the form's location section (Leaflet is never in a public page's first visit).
import { useEffect, useRef } from "react";
import type { MapTiles } from "../../../../lib/context";
import { translator } from "../../../../lib/i18n/messages";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { roundCoordinate, TEL_AVIV, type LatLng } from "../../core";
import { createMap, L, pinIcon } from "../leaflet.client";

const PLACE_ZOOM = 17;

export default function PinMap({
  value,
  tiles,
  onPick,
}: {
  value: LatLng | null;
  tiles: MapTiles;
  onPick: (place: LatLng) => void;
}) {
  const { language } = useLanguage();
  const element = useRef<HTMLDivElement>(null);
  const layers = useRef<{ map: L.Map; pin: L.Marker } | null>(null);
  // The latest callback, for Leaflet's listeners (set up once per map).
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    if (!element.current) return;
    const t = translator(language);
    const map = createMap(element.current, { tiles, language });
    const pin = L.marker([TEL_AVIV.lat, TEL_AVIV.lng], {
      icon: pinIcon,
      draggable: true,
      title: t("editor.mapLabel"),
      alt: t("editor.mapLabel"),
    });
    const report = ({ lat, lng }: L.LatLng) => pick.current({ lat: roundCoordinate(lat), lng: roundCoordinate(lng) });
    pin.on("dragend", () => report(pin.getLatLng()));
    map.on("click", (event: L.LeafletMouseEvent) => report(event.latlng));
    layers.current = { map, pin };
    return () => {
      layers.current = null;
      map.remove();
    };
  }, [tiles, language]);

  // The pin follows the value (typed, read from the link, or just dropped).
  useEffect(() => {
    const current = layers.current;
    if (!current) return;
    if (!value) {
      current.pin.remove();
      return;
    }
    const at = L.latLng(value.lat, value.lng);
    const first = !current.map.hasLayer(current.pin);
    current.pin.setLatLng(at).addTo(current.map);
    // Close to the door when the pin appears; after that only when it leaves the view.
    if (first || !current.map.getBounds().pad(-0.1).contains(at))
      current.map.setView(at, Math.max(current.map.getZoom(), PLACE_ZOOM));
  }, [value]);

  const { t } = useLanguage();
  return (
    <div
      ref={element}
      dir="ltr"
      role="region"
      aria-label={t("editor.mapLabel")}
      className="h-72 w-full rounded-lg border border-stone-300 bg-stone-100"
      data-testid="pin-map"
    />
  );
}
