import { describe, expect, it } from "vitest";
import {
  BOOT_SCRIPT_ID,
  bootAfterFirstPaint,
  INERT_TYPE,
  REGISTER_SERVICE_WORKER,
  SERVICE_WORKER_DELAY_MS,
} from "./boot-after-paint.server";

// The shape React Router's <Scripts> renders (React hoists the modulepreload links into <head>).
const page = (extraHead = "") =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/root.css"/>${extraHead}` +
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>` +
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="N1"/>` +
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="N1"/>` +
  `</head><body><main><h1>Kosher</h1></main>` +
  `<script nonce="N1">window.__reactRouterContext = {};</script>` +
  `<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>` +
  `</body></html>`;

describe("bootAfterFirstPaint", () => {
  it("takes every modulepreload out of the page and hands them, once each, to the loader", () => {
    const html = bootAfterFirstPaint(page());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
  });

  it("keeps the module code, inert, and starts it from a classic script carrying the nonce", () => {
    const html = bootAfterFirstPaint(page());
    const code = 'import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");';
    expect(html).toContain(
      `<script id="${BOOT_SCRIPT_ID}" type="${INERT_TYPE}" nonce="N1">${code}</script><script nonce="N1">(function(){`,
    );
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toMatch(/<script[^>]*async/);
    const loader = /<script nonce="N1">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(loader).toContain("first-contentful-paint");
    expect(loader).toContain(`getElementById("${BOOT_SCRIPT_ID}")`);
    // Everything else is untouched: the stylesheet, the content and the context script.
    expect(html).toContain(
      '<head><link rel="stylesheet" href="/assets/root.css"/></head><body><main><h1>Kosher</h1></main>',
    );
    expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>');
  });

  it("is the same text for every request of a page but the nonce (so a cached copy can be hashed)", () => {
    const one = bootAfterFirstPaint(page());
    const other = bootAfterFirstPaint(page().replaceAll("N1", "N2"));
    expect(other).toBe(one.replaceAll("N1", "N2"));
  });

  it("registers the service worker once the page has loaded and settled (a delay, then an idle moment), and only then", () => {
    const loader = /<script nonce="N1">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(bootAfterFirstPaint(page()))![1]!;
    expect(loader).toContain(REGISTER_SERVICE_WORKER);
    const registered: string[] = [];
    const listeners: Record<string, () => void> = {};
    const timers: { run: () => void; ms: number }[] = [];
    const idle: (() => void)[] = [];
    const run = (
      idleCallback: unknown,
      worker: unknown,
      on: (type: string, listener: () => void) => unknown = (type, listener) => (listeners[type] = listener),
    ) =>
      new Function("addEventListener", "navigator", "setTimeout", "requestIdleCallback", REGISTER_SERVICE_WORKER)(
        on,
        worker,
        (callback: () => void, ms: number) => timers.push({ run: callback, ms }),
        idleCallback,
      );
    run((callback: () => void) => idle.push(callback), {
      serviceWorker: { register: (url: string) => (registered.push(url), Promise.resolve()) },
    });
    expect(timers).toEqual([]);
    listeners.load!();
    // Not at load: after the delay, and then when the browser is idle.
    expect(registered).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([SERVICE_WORKER_DELAY_MS]);
    timers[0]!.run();
    expect(registered).toEqual([]);
    idle[0]!();
    expect(registered).toEqual(["/sw.js"]);
    // Without requestIdleCallback (Safari) at the end of the delay.
    timers.length = 0;
    run(undefined, { serviceWorker: { register: (url: string) => (registered.push(url), Promise.resolve()) } });
    listeners.load!();
    timers[0]!.run();
    expect(registered).toEqual(["/sw.js", "/sw.js"]);
    // A browser without service workers (or an insecure page) registers nothing and throws nothing.
    expect(() => run(undefined, {}, (_: string, listener: () => void) => listener())).not.toThrow();
  });

  it("leaves a page without a module script as it is", () => {
    const html = "<html><head></head><body><script>1</script></body></html>";
    expect(bootAfterFirstPaint(html)).toBe(html);
  });
});
