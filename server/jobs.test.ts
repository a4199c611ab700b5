import { describe, expect, it } from "vitest";
import { scheduleJob } from "./jobs";

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
