import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** A Drizzle database over either PGlite or node-postgres; code never depends on which. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
