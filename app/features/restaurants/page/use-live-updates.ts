// Keeps an open restaurant page current: listens to the server's event stream for this slug and
// reloads the page data on each update (follows a rename; leaves for home if it was deleted).
// EventSource reconnects by itself after a dropped connection; on reconnecting the data is
// reloaded once, in case an update was missed meanwhile.
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { Language } from "../../../lib/i18n/language";
import { homePath, restaurantPath } from "../../../lib/paths";

interface UpdateEvent {
  op: "insert" | "update" | "delete";
  slug: string;
}

const UPDATED_NOTICE_MS = 4_000;

/** Returns true for a few seconds after an update arrived (for a polite announcement). */
export function useLiveRestaurant(slug: string, language: Language): boolean {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [justUpdated, setJustUpdated] = useState(false);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const onUpdate = useEffectEvent((change: UpdateEvent) => {
    if (change.op === "delete") {
      void navigate(homePath(language), { replace: true });
    } else if (change.slug !== slug) {
      void navigate(restaurantPath(change.slug, language), { replace: true, preventScrollReset: true });
    } else {
      void revalidator.revalidate();
    }
    setJustUpdated(true);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setJustUpdated(false), UPDATED_NOTICE_MS);
  });
  const onReconnect = useEffectEvent(() => void revalidator.revalidate());

  useEffect(() => {
    const source = new EventSource(`/api/live/restaurants/${encodeURIComponent(slug)}`);
    let dropped = false;
    source.addEventListener("update", (event) =>
      onUpdate(JSON.parse((event as MessageEvent<string>).data) as UpdateEvent),
    );
    source.addEventListener("error", () => {
      dropped = true;
    });
    source.addEventListener("open", () => {
      if (dropped) onReconnect();
      dropped = false;
    });
    return () => source.close();
  }, [slug]);

  return justUpdated;
}
