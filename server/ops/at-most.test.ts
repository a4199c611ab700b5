import { describe, expect, it } from "vitest";
import { eachAtMost } from "./at-most";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("eachAtMost", () => {
  it("gives the results in the items' order, whatever finished first, with no more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const results = await eachAtMost(2, [30, 5, 20, 1, 10], async (ms) => {
      running++;
      most = Math.max(most, running);
      await tick(ms);
      running--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20]);
    expect(most).toBe(2);
  });

  it("starts nothing more after a failure, and throws it only when the work under way has ended", async () => {
    const started: number[] = [];
    const ended: number[] = [];
    const run = eachAtMost(2, [1, 2, 3, 4, 5], async (item) => {
      started.push(item);
      await tick(item === 1 ? 5 : 30);
      if (item === 1) throw new Error("one failed");
      ended.push(item);
      return item;
    });
    await expect(run).rejects.toThrow("one failed");
    // Item 2 was under way when item 1 failed: it ended before the error reached the caller.
    expect(started).toEqual([1, 2]);
    expect(ended).toEqual([2]);
  });

  it("does nothing for no items, and works one at a time with a limit of one", async () => {
    expect(await eachAtMost(4, [], async () => 1)).toEqual([]);
    const order: string[] = [];
    await eachAtMost(1, ["a", "b"], async (item) => {
      order.push(`start ${item}`);
      await tick(1);
      order.push(`end ${item}`);
    });
    expect(order).toEqual(["start a", "end a", "start b", "end b"]);
  });
});
