// Builds the migrated database once per test run. On PGlite it is a data-directory dump that
// each test file loads (creating and migrating a PGlite database costs seconds); on PostgreSQL
// (DATABASE_URL set) it is a template database that each test file copies, and the PGlite dump is
// made as well, for the files that work on an embedded install's own data folder in both runs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations, openDatabase } from "../../server/data/database";
import { migratedPgliteDump } from "./migrated-dump";

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: "pglite" | "postgres";
    /** The migrated embedded database's data-directory dump (in both runs: embedded installs use it on PostgreSQL too). */
    pgliteTemplate: string;
    /** The same database as a closed data folder, for servers and installs in a data folder to copy. */
    pgliteTemplateDir: string;
    /** PostgreSQL: server URL (any database) and the template database name. */
    postgresUrl: string;
    postgresTemplate: string;
    /** A folder for the files tests send inside forms, removed with the run's template. */
    formUploadsDir: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    // One template per project: projects of one run (the two reliability ones) set up side by side.
    const template = `kta_template_${process.pid}_${project.name.replace(/\W/g, "_")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const database = await openDatabase({ databaseUrl: templateUrl, migrate: false });
    await applyMigrations(database);
    await database.close();
    // The files that back up or move an embedded install's data folder run in this run too: they
    // start from the same migrated PGlite template instead of migrating one each (seconds apiece).
    const pglite = await pgliteTemplate();
    project.provide("dbKind", "postgres");
    project.provide("postgresUrl", url);
    project.provide("postgresTemplate", template);
    project.provide("pgliteTemplate", pglite.file);
    project.provide("pgliteTemplateDir", pglite.folder);
    project.provide("formUploadsDir", pglite.uploads);
    return async () => {
      pglite.remove();
      try {
        await admin.query(`drop database if exists ${template} with (force)`);
      } catch {
        // Without pg_signal_backend, wait for closing connections instead of ending them.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await admin.query(`drop database if exists ${template}`);
      } finally {
        await admin.end();
      }
    };
  }

  const pglite = await pgliteTemplate();
  project.provide("dbKind", "pglite");
  project.provide("pgliteTemplate", pglite.file);
  project.provide("pgliteTemplateDir", pglite.folder);
  project.provide("postgresUrl", "");
  project.provide("postgresTemplate", "");
  project.provide("formUploadsDir", pglite.uploads);
  return pglite.remove;
}

/**
 * The migrated embedded database, as a dump file and as a closed data folder, in a temporary folder
 * `remove` deletes, with the (not yet made) folder for the files tests send inside forms.
 */
async function pgliteTemplate(): Promise<{ file: string; folder: string; uploads: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "kta-template-"));
  const dump = await migratedPgliteDump("gzip");
  const file = path.join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // Loaded once into a folder: a copy of it is a migrated data folder in a fraction of a second,
  // where a server given an empty one migrates it itself (seconds).
  const folder = path.join(dir, "db");
  const loaded = await openDatabase({ pgliteDir: folder, loadDataDir: dump, migrate: false });
  await loaded.close();
  return {
    file,
    folder,
    uploads: path.join(dir, "form-uploads"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
