import { describe, expect, it } from "vitest";
import { scheduleJob, startJobs, type JobEntry } from "./jobs";

describe("scheduleJob", () => {
  it("runSoon runs at once, and once more after a run under way (never two at a time)", async () => {
    let runs = 0;
    let active = 0;
    let most = 0;
    let release: () => void = () => {};
    const job = scheduleJob(
      "[test] job",
      async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => (release = resolve));
        active--;
      },
      60_000,
    );
    job.runSoon();
    expect(runs).toBe(1);
    job.runSoon();
    job.runSoon();
    expect(runs).toBe(1);
    release();
    await expect.poll(() => runs).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await job.stop();
    job.runSoon();
    expect(runs).toBe(2);
  });
});

describe("startJobs", () => {
  it("starts the list's jobs that apply, runs those marked atStart, runs one by name, and stops them all", async () => {
    const runs: string[] = [];
    const entry = (
      name: string,
      extra: Partial<JobEntry<{ pglite: boolean }>> = {},
    ): JobEntry<{ pglite: boolean }> => ({
      name,
      everyMs: 60_000,
      run: async () => void runs.push(name),
      ...extra,
    });
    const jobs = startJobs(
      [
        entry("[a] at start", { atStart: true }),
        entry("[b] on demand"),
        entry("[c] pglite only", { atStart: true, when: (deps) => deps.pglite }),
      ],
      {
        pglite: false,
      },
    );
    expect(runs).toEqual(["[a] at start"]);
    jobs.runSoon("[b] on demand");
    jobs.runSoon("[c] pglite only");
    jobs.runSoon("[unknown]");
    await jobs.stop();
    expect(runs).toEqual(["[a] at start", "[b] on demand"]);
    jobs.runSoon("[a] at start");
    expect(runs).toHaveLength(2);
  });
});
