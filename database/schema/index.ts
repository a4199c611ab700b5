// The whole schema, for Drizzle's relational client and drizzle-kit.
export * from "./auth";
export * from "./people";
export * from "./restaurants";
export * from "./blogs";
export * from "./uploads";
export * from "./reports";
export * from "./lifecycle";
export * from "./saved";
export * from "./alerts";
export * from "./statistics";
export * from "./register";
export * from "./reviews";
