// Keeps every restaurant's stored search text written (ADR 022). The app writes it with each
// save; a write that changed what is searched without it (a script, psql) leaves it empty
// (drizzle/0011's trigger), and this fills it in when the database announces the change, in every
// process (the fill is safe to run twice). At start it fills what an upgrade left empty, and says
// when the database cannot read Hebrew into trigrams.
import { fillSearchText, trigramsReadHebrew } from "../../app/features/restaurants/search/search-query.server";
import type { Db } from "../../database/types";
import type { ChangeFeed } from "./changes";

export interface SearchTextKeeper {
  /** Fills what is missing now (start-up), and checks the database's trigrams once. */
  fill(): Promise<void>;
}

export function keepSearchText(db: Db, changes: Pick<ChangeFeed, "subscribe" | "onResync">): SearchTextKeeper {
  let running: Promise<void> | undefined;
  let again = false;
  let checked = false;
  const fill = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await fillSearchText(db);
        } while (again);
      } catch (error) {
        console.warn(
          "[search] could not write the search text of changed restaurants; they are found again after the next change or restart:",
          error,
        );
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  changes.subscribe((change) => {
    if (change.op !== "delete") void fill();
  });
  changes.onResync(() => void fill());
  return {
    async fill() {
      if (!checked) {
        checked = true;
        const { ok, ctype } = await trigramsReadHebrew(db);
        if (!ok) {
          console.warn(
            `[search] the database's LC_CTYPE is ${ctype}: pg_trgm makes no trigrams of Hebrew letters, so past the browser index's limit a Hebrew word with a typo finds nothing (and Hebrew searches scan every row). Create the database with LC_CTYPE C.UTF-8 or he_IL.UTF-8 (docs/deployment.md).`,
          );
        }
      }
      await fill();
    },
  };
}
