import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./database/schema/index.ts",
  out: "./drizzle",
  casing: undefined,
});
