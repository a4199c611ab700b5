// `npm run db:seed`: loads the demo data into the configured database if it has no restaurants.
// Refused when NODE_ENV=production.
import { createAuth } from "../app/lib/auth.server";
import { runCommand } from "./command";
import { DEMO_ACCOUNTS, loadDemoDataIfEmpty } from "../server/ops/demo-data";
import { openStorage } from "../server/uploads/open-storage";

async function seed(): Promise<number> {
  return runCommand(
    {
      inUse:
        "The running server loads the demo data into an empty database by itself (unless DEMO_DATA=false); or stop it, seed, then start it again.",
    },
    async ({ config, database }) => {
      if (config.isProduction) {
        console.error("Refused: demo data and demo accounts are never loaded when NODE_ENV=production.");
        return 1;
      }
      const { db } = await database();
      const auth = createAuth({ db, secret: config.authSecret, baseURL: config.publicUrl, secureCookies: false });
      const loaded = await loadDemoDataIfEmpty({
        db,
        auth,
        storage: openStorage(config.storage),
        isProduction: config.isProduction,
        log: console.log,
      });
      if (loaded) {
        console.log(`Demo admin: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`);
        console.log(`Demo owner: ${DEMO_ACCOUNTS.owner.email} / ${DEMO_ACCOUNTS.owner.password}`);
      } else {
        console.log("The database already has restaurants; nothing loaded.");
      }
      return 0;
    },
  );
}

process.exitCode = await seed();
