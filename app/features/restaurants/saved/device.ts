// Saved places on this device (ADR 024), for a visitor without an account: a list of slugs in
// localStorage, the latest first, shared by every Save button and the Saved page of every open tab
// (the `storage` event). The server never sees it until the visitor signs in, when it is merged into
// the account (saved.server.ts) and emptied here. Nothing is read before hydration: the server's
// HTML, which a cache may keep, shows nothing saved.
import { useSyncExternalStore } from "react";

/** The most places a list keeps, on a device or in an account. */
export const MAX_SAVED = 500;

const KEY = "kta:saved";
const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; slugs: readonly string[] } = { raw: null, slugs: NONE };

/** What may name a place in a list: a slug's length, and no control character (a NUL is refused by the database). */
export function isPlaceSlug(value: unknown): value is string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  return typeof value === "string" && value.length > 0 && value.length <= 200 && !/[\u0000-\u001F\u007F]/.test(value);
}

/** A stored value as a list of slugs; anything else (damaged, from an older version) is an empty list. */
export function parseDeviceList(raw: string | null): readonly string[] {
  if (!raw) return NONE;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return NONE;
    return [...new Set(value.filter(isPlaceSlug))].slice(0, MAX_SAVED);
  } catch {
    return NONE;
  }
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a privacy setting): saving on this device is off, nothing breaks.
    return undefined;
  }
}

/** The device's list now (the same array until it changes, as useSyncExternalStore needs). */
export function deviceSlugs(): readonly string[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, slugs: parseDeviceList(raw) };
  return cached.slugs;
}

function write(slugs: readonly string[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (slugs.length === 0) store.removeItem(KEY);
    else store.setItem(KEY, JSON.stringify(slugs.slice(0, MAX_SAVED)));
  } catch {
    // Full or refused: the list stays as it was.
  }
  for (const notify of listeners) notify();
}

/** Saves (first in the list) or forgets one place on this device. */
export function setDeviceSaved(slug: string, saved: boolean): void {
  const rest = deviceSlugs().filter((other) => other !== slug);
  write(saved ? [slug, ...rest] : rest);
}

/** Empties the device's list (once the account holds it). */
export function clearDevice(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saved or forgot a place.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The device's saved slugs: none on the server and during hydration, then the stored list. */
export function useDeviceSlugs(): readonly string[] {
  return useSyncExternalStore(subscribe, deviceSlugs, () => NONE);
}
