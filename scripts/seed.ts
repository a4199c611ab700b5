// `npm run db:seed`: loads the demo data into the configured database if it has no restaurants.
// Refused when NODE_ENV=production.
import { createAuth } from "../app/lib/auth.server";
import { ConfigError, parseConfig } from "../server/config";
import { openDatabase } from "../server/data/database";
import { DEMO_ACCOUNTS, loadDemoDataIfEmpty } from "../server/ops/demo-data";
import { openStorage } from "../server/uploads/open-storage";

async function seed(): Promise<number> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (config.isProduction) {
    console.error("Refused: demo data and demo accounts are never loaded when NODE_ENV=production.");
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const auth = createAuth({ db: database.db, secret: config.authSecret, baseURL: config.publicUrl, secureCookies: false });
    const loaded = await loadDemoDataIfEmpty({
      db: database.db,
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
  } finally {
    await database.close();
  }
}

process.exitCode = await seed();
