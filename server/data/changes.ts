// Restaurant changes, announced by a database trigger (drizzle/0001) on every insert, update and
// delete — from this process, another server process or any other client of the database —
// and fanned out in process to whoever subscribed (live-update streams, caches).
import { EventEmitter } from "node:events";
import { z } from "zod";
import type { Database } from "./database";

export const CHANGE_CHANNEL = "restaurant_changes";

const changeSchema = z.object({
  op: z.enum(["insert", "update", "delete"]),
  id: z.string(),
  slug: z.string(),
  oldSlug: z.string().nullish(),
});
export type RestaurantChange = z.infer<typeof changeSchema>;

export interface ChangeFeed {
  subscribe(listener: (change: RestaurantChange) => void): () => void;
  /**
   * Called when changes may have been missed (the database connection was lost and is back):
   * whoever keeps something fresh through `subscribe` must drop it all.
   */
  onResync(listener: () => void): () => void;
  /**
   * This process has just written something: whoever keeps something fresh drops it now, without
   * waiting for the database's announcement (the `onResync` listeners are told).
   */
  written(): void;
  /** False while changes could be missed: caches must not be trusted (nor filled) meanwhile. */
  live(): boolean;
  /** Called once when the feed closes (shutdown), so long-lived streams can end. */
  onClose(listener: () => void): () => void;
  close(): Promise<void>;
}

export function parseChange(payload: string): RestaurantChange | undefined {
  try {
    const parsed = changeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function createChangeFeed(
  database: Pick<Database, "listen" | "onResync" | "notificationsLive">,
): Promise<ChangeFeed> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const unlisten = await database.listen(CHANGE_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) emitter.emit("change", change);
  });
  const stopResync = database.onResync(() => emitter.emit("resync"));
  let closed = false;
  return {
    subscribe(listener) {
      emitter.on("change", listener);
      return () => emitter.off("change", listener);
    },
    onResync(listener) {
      emitter.on("resync", listener);
      return () => emitter.off("resync", listener);
    },
    written: () => emitter.emit("resync"),
    live: () => database.notificationsLive(),
    onClose(listener) {
      emitter.once("close", listener);
      return () => emitter.off("close", listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      emitter.emit("close");
      emitter.removeAllListeners();
      stopResync();
      await unlisten();
    },
  };
}

/** True when a change concerns the restaurant currently at `slug` (renames included). */
export function concernsSlug(change: RestaurantChange, slug: string): boolean {
  return change.slug === slug || change.oldSlug === slug;
}
