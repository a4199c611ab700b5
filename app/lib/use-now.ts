// The browser's clock for what depends on the time of day ("open now"): null on the
// server and during hydration (the server's HTML never shows a time-dependent state a cache could
// keep), then the current time, refreshed every 30 seconds for every component at once.
import { useSyncExternalStore } from "react";

const EVERY_MS = 30_000;
let current = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    timer = setInterval(() => {
      current = Date.now();
      for (const notify of listeners) notify();
    }, EVERY_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      current = 0;
    }
  };
}

function getSnapshot(): number {
  if (current === 0) current = Date.now();
  return current;
}

const noSubscription = () => () => {};
const noClock = () => null;

/**
 * `wanted` false: no clock (null) and no subscription, so a component that needs the time only
 * sometimes is not rendered again right after hydration, nor every 30 seconds, while it does not.
 */
export function useNow(wanted = true): number | null {
  return useSyncExternalStore(wanted ? subscribe : noSubscription, wanted ? getSnapshot : noClock, noClock);
}
