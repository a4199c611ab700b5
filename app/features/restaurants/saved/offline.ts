// Saved places work offline (ADR 024): the page asks the service worker (app/service-worker.ts) to
// keep their restaurant pages. Without a worker (none yet, or no support) nothing happens.
export function keepOffline(paths: readonly string[]): void {
  if (paths.length > 0) navigator.serviceWorker?.controller?.postMessage({ type: "cache-pages", urls: [...paths] });
}
