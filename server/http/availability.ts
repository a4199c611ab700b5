// Whether the database answers, as far as this process knows: a small circuit breaker. A failure
// that means "unreachable" (see app/lib/unavailable.ts) opens it; while open, requests that need
// the database are answered 503 at once instead of each waiting for its own failure, and a probe
// pings the database every second; the first answer closes it again. No restart needed.

export interface Availability {
  /** True while the database is known to be unreachable. */
  isDown(): boolean;
  /** Opens the breaker (idempotent) and starts probing. */
  markDown(): void;
  /** Closes it (a query just succeeded). */
  markUp(): void;
  /** Stops probing (shutdown). */
  close(): void;
}

export interface AvailabilityOptions {
  ping: () => Promise<void>;
  probeIntervalMs?: number;
  probeTimeoutMs?: number;
  log?: (message: string) => void;
}

export function createAvailability({
  ping,
  probeIntervalMs = 1_000,
  probeTimeoutMs = 1_000,
  log = console.warn,
}: AvailabilityOptions): Availability {
  let down = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const markUp = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!down) return;
    down = false;
    log("[db] the database answers again; serving pages normally.");
  };
  const probe = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (closed || !down) return;
      withTimeout(ping(), probeTimeoutMs).then(markUp, () => {
        if (down && !closed) probe();
      });
    }, probeIntervalMs);
    timer.unref?.();
  };
  return {
    isDown: () => down,
    markDown() {
      if (down || closed) return;
      down = true;
      log(`[db] the database is unreachable; answering 503 and checking again every ${probeIntervalMs} ms.`);
      probe();
    },
    markUp,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
