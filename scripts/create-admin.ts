// `npm run admin:create -- --email you@example.com --password '…' [--first-name Dana] [--last-name Levi]`
// Creates an administrator, or makes an existing account one. This is how a real install gets its
// first admin (there is no default admin outside demo mode). Uses the configured database.
// `npm run admin:create -- --email someone@example.com --reset-2fa` turns two-factor sign-in off for
// an account that lost both its phone and its backup codes (and signs it out everywhere); nothing else.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { checkPasswordStrength } from "../app/features/accounts/password-strength.server";
import { resetTwoFactor } from "../app/features/accounts/two-factor.server";
import { isEmail, PASSWORD_MAX, PASSWORD_MIN } from "../app/features/accounts/validation";
import { setUserRole } from "../app/features/accounts/users.server";
import { createAuth } from "../app/lib/auth.server";
import { SYSTEM } from "../app/lib/permissions.server";
import { users } from "../database/schema/auth";
import { profiles } from "../database/schema/people";
import { runCommand } from "./command";

const USAGE =
  "Usage: npm run admin:create -- --email you@example.com --password '…' [--first-name Dana] [--last-name Levi]   or   npm run admin:create -- --email someone@example.com --reset-2fa";

function readArguments() {
  return parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string", default: "Admin" },
      "last-name": { type: "string", default: "" },
      "reset-2fa": { type: "boolean", default: false },
    },
  }).values;
}

async function createAdmin(): Promise<number> {
  let values: ReturnType<typeof readArguments>;
  try {
    values = readArguments();
  } catch (error) {
    if (error instanceof TypeError && "code" in error) {
      console.error(`${error.message}. ${USAGE}`);
      return 1;
    }
    throw error;
  }
  const email = (values.email ?? "").trim().toLowerCase();
  const password = values.password ?? "";
  if (!isEmail(email)) {
    console.error("Give a valid --email.");
    return 1;
  }
  return runCommand(
    { inUse: "The embedded database has one user at a time: stop the server, run this again, then start it." },
    async ({ config, database }) => {
      const { db } = await database();
      if (values["reset-2fa"]) {
        if (!(await resetTwoFactor(db, email))) {
          console.error(`There is no account for ${email}.`);
          return 1;
        }
        console.log(
          `Two-factor sign-in is now off for ${email}, and it is signed out everywhere. They can set it up again on their account page.`,
        );
        return 0;
      }
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) {
        await setUserRole(db, SYSTEM, existing.id, "admin");
        console.log(`${email} already had an account; it is now an administrator.`);
        return 0;
      }
      if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
        console.error(`Give a --password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
        return 1;
      }
      const strength = checkPasswordStrength(password, [email, values["first-name"], values["last-name"]]);
      if (!strength.ok) {
        console.error("That password is too easy to guess. Use a few uncommon words together, or make it longer.");
        return 1;
      }
      const auth = createAuth({
        db,
        secret: config.authSecret,
        baseURL: config.publicUrl,
        secureCookies: config.isProduction,
      });
      const { user } = await auth.api.signUpEmail({ body: { email, password, name: values["first-name"] } });
      await db
        .update(profiles)
        .set({ firstName: values["first-name"], lastName: values["last-name"] })
        .where(eq(profiles.id, user.id));
      await setUserRole(db, SYSTEM, user.id, "admin");
      console.log(`Created administrator ${email}.`);
      return 0;
    },
  );
}

process.exitCode = await createAdmin();
