// The server's periodic jobs (removing abandoned uploads, e-mailing reports' digests): each on a
// timer that does not keep the process alive; a failed run is logged and the next one tries again.
// Runs of one job never overlap.

export interface Job {
  /** Runs the job now, besides the timer (once more after a run under way, if one is). */
  runSoon(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** `label` names the job in the log, e.g. "[uploads] clean-up" (logged as "[uploads] clean-up failed:"). */
export function scheduleJob(label: string, run: () => Promise<unknown>, intervalMs: number): Job {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const start = () => {
    if (stopped) return;
    if (running) return;
    running = run()
      .then(
        () => {},
        (error: unknown) => console.error(`${label} failed:`, error),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          start();
        }
      });
  };
  const timer = setInterval(start, intervalMs);
  timer.unref();
  return {
    runSoon() {
      if (running) again = true;
      else start();
    },
    async stop() {
      stopped = true;
      again = false;
      clearInterval(timer);
      await running;
    },
  };
}
