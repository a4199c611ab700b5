import { afterEach, describe, expect, it, vi } from "vitest";
import { createTally, type Tally } from "./tally";

const tallies: Tally[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(tallies.splice(0).map((tally) => tally.stop().catch(() => {})));
});

function tallyWith(
  write: (counts: ReadonlyMap<string, number>) => Promise<void>,
  options: { everyMs?: number; maxKeys?: number; warn?: (m: string) => void } = {},
) {
  const tally = createTally({
    name: "test",
    write,
    everyMs: options.everyMs ?? 60_000,
    maxKeys: options.maxKeys ?? 1_000,
    warn: options.warn ?? (() => {}),
  });
  tallies.push(tally);
  return tally;
}

describe("tally", () => {
  it("adds counts in memory and writes nothing until it is flushed", async () => {
    const writes: Map<string, number>[] = [];
    const tally = tallyWith(async (counts) => void writes.push(new Map(counts)));
    for (let i = 0; i < 500; i++) tally.add("a");
    tally.add("b", 3);
    expect(writes).toEqual([]);
    expect(tally.pending()).toBe(2);
    await tally.flush();
    expect(writes).toEqual([
      new Map([
        ["a", 500],
        ["b", 3],
      ]),
    ]);
    expect(tally.pending()).toBe(0);
    // Nothing new: no empty write.
    await tally.flush();
    expect(writes).toHaveLength(1);
  });

  it("writes one batch per interval on its timer", async () => {
    vi.useFakeTimers();
    const writes: Map<string, number>[] = [];
    const tally = tallyWith(async (counts) => void writes.push(new Map(counts)), { everyMs: 1_000 });
    tally.add("a");
    tally.add("a");
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([new Map([["a", 2]])]);
    tally.add("a");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(writes).toEqual([new Map([["a", 2]]), new Map([["a", 1]])]);
  });

  it("keeps a failed batch, adds what came meanwhile, and writes it all next time", async () => {
    let fail = true;
    const writes: Map<string, number>[] = [];
    const warnings: string[] = [];
    const tally = tallyWith(
      async (counts) => {
        if (fail) throw new Error("database down");
        writes.push(new Map(counts));
      },
      { warn: (message) => warnings.push(message) },
    );
    tally.add("a", 2);
    await tally.flush();
    expect(warnings.join()).toContain("kept for the next write");
    tally.add("a");
    tally.add("b");
    fail = false;
    await tally.flush();
    expect(writes).toEqual([
      new Map([
        ["a", 3],
        ["b", 1],
      ]),
    ]);
  });

  it("never runs two writes at once, and loses no count added during a write", async () => {
    let release: () => void = () => {};
    let running = 0;
    let most = 0;
    const writes: Map<string, number>[] = [];
    const tally = tallyWith(async (counts) => {
      running++;
      most = Math.max(most, running);
      writes.push(new Map(counts));
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      running--;
    });
    tally.add("a");
    const first = tally.flush();
    tally.add("a");
    const second = tally.flush();
    await Promise.resolve();
    release();
    await Promise.all([first, second]);
    expect(most).toBe(1);
    expect(writes).toEqual([new Map([["a", 1]]), new Map([["a", 1]])]);
  });

  it("holds at most maxKeys different keys between writes, and says how many counts it dropped", async () => {
    const writes: Map<string, number>[] = [];
    const warnings: string[] = [];
    const tally = tallyWith(async (counts) => void writes.push(new Map(counts)), {
      maxKeys: 2,
      warn: (message) => warnings.push(message),
    });
    tally.add("a");
    tally.add("b");
    tally.add("c");
    tally.add("c");
    // A key already held still counts.
    tally.add("a");
    await tally.flush();
    expect(writes).toEqual([
      new Map([
        ["a", 2],
        ["b", 1],
      ]),
    ]);
    expect(warnings.join()).toContain("2 counts dropped");
  });

  it("writes the rest when stopped", async () => {
    const writes: Map<string, number>[] = [];
    const tally = tallyWith(async (counts) => void writes.push(new Map(counts)));
    tally.add("a");
    await tally.stop();
    expect(writes).toEqual([new Map([["a", 1]])]);
  });
});
