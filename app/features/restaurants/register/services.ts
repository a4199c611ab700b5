// What the register's server functions need: the database, and the mail for the owners they tell.
import type { AppServices } from "../../../lib/context";

export type RegisterServices = Pick<AppServices, "db" | "sendEmail">;
