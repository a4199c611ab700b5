// Renders the home page a few dozen times before the server opens its port. V8 compiles a function
// into fast machine code only after it has run many times; until then the first visitors after
// every start wait for React's and the router's code in its slow form. At 2,000 listings the first
// home page after a start took about 100 ms, and the renders the bench reads next a median of 22 ms,
// against 13 ms once warm (ADR 035).

export interface WarmRenderLimits {
  /** Renders at most (the paths in turn). */
  maxRenders: number;
  /** Stops starting renders after this long (ms): a large directory renders slower. */
  budgetMs: number;
}

export const WARM_RENDERS: WarmRenderLimits = { maxRenders: 40, budgetMs: 1_000 };

/** Renders `paths` in turn within the limits; returns how many it rendered. */
export async function warmRenders(
  render: (path: string) => Promise<Response>,
  paths: readonly string[],
  { maxRenders, budgetMs }: WarmRenderLimits = WARM_RENDERS,
  now: () => number = () => performance.now(),
): Promise<number> {
  const started = now();
  let renders = 0;
  for (const path of cycle(paths)) {
    if (renders >= maxRenders || now() - started >= budgetMs) break;
    const response = await render(path);
    await response.arrayBuffer();
    renders++;
    // A page that does not render is not tried again: the first visitor's request logs why.
    if (!response.ok) break;
  }
  return renders;
}

function* cycle<T>(items: readonly T[]): Generator<T> {
  if (items.length === 0) return;
  for (let i = 0; ; i++) yield items[i % items.length] as T;
}
