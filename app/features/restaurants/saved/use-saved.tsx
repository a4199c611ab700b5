// Which places the visitor has saved (ADR 024), for every Save button on the page: the account's
// list, which the root loader sends to a signed-in viewer, or else this device's (device.ts).
// One provider holds the one fetcher that saves to the account: a fetcher per button subscribed
// each card to the router's state, and a page of new results unmounted 24 of them, each of which
// updated that state (a keystroke took two frames). The buttons read this context only; it changes
// with the router's state (a navigation), never with a keystroke.
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useLanguage } from "../../../lib/i18n/use-language";
import { savedPath } from "../../../lib/paths";
import type { SiteKey } from "../../../locales/en";
import { setDeviceSaved, useDeviceSlugs } from "./device";

export interface Saved {
  /** The list as the buttons show it: a save under way counts as done. */
  slugs: readonly string[];
  /** Saves the place or takes it off the list: on this device, or in the signed-in account. */
  toggle(slug: string, save: boolean): void;
  /** The server's refusal of the last save (the most a list keeps), said beside that place's button. */
  refusal?: { slug: string; error: SiteKey; values?: Record<string, string | number> | undefined } | undefined;
}

const SavedContext = createContext<Saved>({ slugs: [], toggle: () => {} });

/** `account`: the signed-in viewer's saved slugs (the root loader's), or null for a visitor. */
export function SavedProvider({ account, children }: { account: readonly string[] | null; children: ReactNode }) {
  const { language } = useLanguage();
  const device = useDeviceSlugs();
  const fetcher = useFetcher<{ error?: SiteKey; values?: Record<string, string | number> }>({ key: "saved-places" });
  const [last, setLast] = useState("");
  const slug = fetcher.formData?.get("slug");
  const adding = fetcher.formData?.get("intent") === "add";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const values = fetcher.data?.values;
  const { submit } = fetcher;
  // The same value until the list, a save under way or its answer changes: the router renders this
  // provider again on every change of its state (a navigation, the routes it discovers after
  // hydration, the search's URL), and a new value would render every Save button on the page again.
  const value = useMemo<Saved>(() => {
    let slugs = account ?? device;
    if (typeof slug === "string") slugs = [...slugs.filter((other) => other !== slug), ...(adding ? [slug] : [])];
    return {
      slugs,
      toggle: (place, save) => {
        if (!account) return setDeviceSaved(place, save);
        setLast(place);
        void submit(
          { intent: save ? "add" : "remove", slug: place, js: "1" },
          { method: "post", action: savedPath(language) },
        );
      },
      refusal: error && { slug: last, error, values },
    };
  }, [account, device, slug, adding, error, values, last, submit, language]);
  return <SavedContext value={value}>{children}</SavedContext>;
}

export function useSaved(): Saved {
  return useContext(SavedContext);
}
