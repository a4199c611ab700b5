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

/** One of the server's periodic jobs, as server/job-list.ts lists them. */
export interface JobEntry<Deps> {
  /** Names the job in the log, e.g. "[uploads] clean-up" (logged as "[uploads] clean-up failed:"). */
  name: string;
  /** How often it runs, in milliseconds. */
  everyMs: number;
  /** Also runs once right after start (besides the timer). */
  atStart?: boolean;
  /** Whether this server runs the job at all (absent: always). */
  when?: (deps: Deps) => boolean;
  run(deps: Deps): Promise<unknown>;
}

export interface RunningJobs {
  /** Runs the named job now (see Job.runSoon); a job this server does not run is ignored. */
  runSoon(name: string): void;
  /** Stops every timer and waits for the runs under way. */
  stop(): Promise<void>;
}

/** Schedules each job of the list that applies here, in the list's order, and runs those marked `atStart`. */
export function startJobs<Deps>(list: readonly JobEntry<Deps>[], deps: Deps): RunningJobs {
  const jobs = new Map<string, Job>();
  for (const entry of list) {
    if (entry.when && !entry.when(deps)) continue;
    const job = scheduleJob(entry.name, () => entry.run(deps), entry.everyMs);
    jobs.set(entry.name, job);
    if (entry.atStart) job.runSoon();
  }
  return {
    runSoon: (name) => jobs.get(name)?.runSoon(),
    stop: async () => {
      await Promise.all([...jobs.values()].map((job) => job.stop()));
    },
  };
}
