// The browser suite's `test`: Playwright's, plus `signedInAs(role)`, which signs the browser in
// without the sign-in form (that form is covered in accounts.spec.ts): a new user of that role,
// made with the factory, and a session made on the server, whose cookie goes into the context.
import { test as base, type BrowserContext } from "@playwright/test";
import type { UserRole } from "../../database/factories";
import { sharedServerSession } from "./control";
import type { SessionRequest, SignedInUser } from "./sessions";

export { expect } from "@playwright/test";

/** A server the tests can sign in on: the shared one (default) or one started in-process. */
export interface SessionServer {
  baseUrl: string;
  signIn(request: SessionRequest): Promise<SignedInUser>;
}

export interface SignedInOptions {
  /** The context to sign in (default: the test's own `context`, the one of `page`). */
  context?: BrowserContext;
  /** Where to sign in (default: the shared server at baseURL). */
  server?: SessionServer;
  /** Slugs of restaurants the new user owns. */
  owns?: string[];
}

export type SignedInAs = (role: UserRole, options?: SignedInOptions) => Promise<SignedInUser>;

export const test = base.extend<{ signedInAs: SignedInAs }>({
  signedInAs: async ({ context, baseURL }, provide) => {
    await provide(async (role, options = {}) => {
      const request: SessionRequest = { role, ...(options.owns ? { owns: options.owns } : {}) };
      const user = options.server ? await options.server.signIn(request) : await sharedServerSession(request);
      const url = options.server?.baseUrl ?? baseURL;
      if (!url) throw new Error("signedInAs needs a server URL (baseURL or options.server)");
      await (options.context ?? context).addCookies([{ ...user.cookie, url, httpOnly: true, sameSite: "Lax" }]);
      return user;
    });
  },
});
