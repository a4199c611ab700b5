// Work on many items, a few at a time (an import's carried files, re-encoded one per core).

/**
 * `work` for each item, at most `limit` at a time, with the results in the items' order. When one
 * throws, no further item is started, and the error is thrown once those under way have ended (so
 * none of them still writes to a folder the caller then removes).
 */
export async function eachAtMost<T, R>(limit: number, items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    for (let index = next++; !failed && index < items.length; index = next++) {
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = workers.find((settled) => settled.status === "rejected");
  if (failure) throw failure.reason;
  return results;
}
