// Counts kept in memory and written in batches (ADR 025). Counting is a synchronous `add` on a Map:
// a page view never waits for, or causes, a database write. A timer writes what was counted every
// `everyMs` (and `stop` writes the rest); a failed write puts its counts back for the next one, so
// nothing counted is lost by an outage shorter than the memory bound.

export interface TallyOptions {
  /** For the log: "[statistics] views". */
  name: string;
  /** Adds a batch of counts to the database (each key's count is added to what is stored). */
  write: (counts: ReadonlyMap<string, number>) => Promise<void>;
  /** How often the counts are written. */
  everyMs: number;
  /** The most different keys kept between writes; beyond it new keys are dropped (and said so). */
  maxKeys: number;
  warn?: (message: string, error?: unknown) => void;
}

export interface Tally {
  /** Counts `by` (default 1) for the key, in memory. */
  add(key: string, by?: number): void;
  /** Writes what was counted so far; a write under way is waited for, never doubled. */
  flush(): Promise<void>;
  /** Different keys waiting to be written. */
  pending(): number;
  /** Stops the timer and writes the rest. */
  stop(): Promise<void>;
}

export function createTally({ name, write, everyMs, maxKeys, warn = console.warn }: TallyOptions): Tally {
  let counts = new Map<string, number>();
  let dropped = 0;
  let writing: Promise<void> | undefined;

  const add = (key: string, by = 1) => {
    const before = counts.get(key);
    if (before !== undefined) counts.set(key, before + by);
    else if (counts.size < maxKeys) counts.set(key, by);
    else dropped += by;
  };

  const writeOnce = async () => {
    if (dropped > 0) {
      warn(`${name}: ${dropped} counts dropped (more than ${maxKeys} different keys between writes)`);
      dropped = 0;
    }
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    try {
      await write(batch);
    } catch (error) {
      // Put the batch back, added to what was counted meanwhile, for the next write.
      for (const [key, count] of batch) add(key, count);
      warn(`${name}: writing ${batch.size} counts failed; kept for the next write`, error);
    }
  };

  const flush = async (): Promise<void> => {
    while (writing) await writing;
    writing = writeOnce().finally(() => {
      writing = undefined;
    });
    return writing;
  };

  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();

  return {
    add,
    flush,
    pending: () => counts.size,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
