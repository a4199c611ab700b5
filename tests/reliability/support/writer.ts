// A child process that writes restaurants until it is killed. It opens the database exactly as the
// server does (server/data/database.ts), keeps a few inserts in flight, and prints `ack <id>` for an
// insert only after its promise resolved — an acknowledged write that must survive a crash.
// Run as: WRITER_PGLITE_DIR=… (or WRITER_DATABASE_URL=…) node --import tsx tests/reliability/support/writer.ts
import { buildRestaurant } from "../../../database/factories";
import { restaurants } from "../../../database/schema/restaurants";
import { openDatabase } from "../../../server/data/database";

const IN_FLIGHT = 4;

const database = await openDatabase({
  pgliteDir: process.env.WRITER_PGLITE_DIR,
  databaseUrl: process.env.WRITER_DATABASE_URL,
});
const tag = process.env.WRITER_TAG ?? "crash";
process.stdout.write("ready\n");

let n = 0;
async function writeForever(lane: number): Promise<never> {
  for (;;) {
    n += 1;
    const [row] = await database.db
      .insert(restaurants)
      .values(buildRestaurant({ name_en: `Crash ${tag} ${lane}`, slug: `${tag}-${process.pid}-${lane}-${n}` }))
      .returning({ id: restaurants.id });
    if (!row) throw new Error("insert returned no row");
    process.stdout.write(`ack ${row.id}\n`);
  }
}

await Promise.all(Array.from({ length: IN_FLIGHT }, (_, lane) => writeForever(lane)));
