// Builds the services the server injects (database, auth, settings) around a test database,
// and the arguments a route loader receives.
import { RouterContextProvider } from "react-router";
import { createAuth, type AuthOptions } from "../../app/lib/auth.server";
import { TEST_PASSWORDS } from "./passwords";
import { servicesContext, type AppServices } from "../../app/lib/context";
import type { Db } from "../../database/types";
import { createToastStore } from "../../app/lib/toast.server";
import { createAlertTokens } from "../../app/features/restaurants/alerts/token.server";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import { DEFAULT_TILES } from "../../server/config";
import type { EmailContent } from "../../app/lib/emails";
import { createProofOfWork } from "../../app/lib/proof-of-work.server";
import { createDirectory } from "../../app/features/restaurants/search/directory.server";
import { certificateBatchDay } from "../../app/features/restaurants/certificate/batch-day.server";
import { countRestaurants } from "../../app/features/restaurants/search/search-query.server";
import { inject } from "vitest";
import { formUploads } from "../../server/uploads/form-upload";
import { createLocalStorage } from "../../server/uploads/storage";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

export function createTestAuth(
  db: Db,
  sendEmail?: (to: string, content: EmailContent) => Promise<void>,
  password: NonNullable<AuthOptions["password"]> = TEST_PASSWORDS,
) {
  return createAuth({
    db,
    secret: TEST_SECRET,
    baseURL: "http://127.0.0.1",
    secureCookies: false,
    password,
    ...(sendEmail ? { sendEmail } : {}),
  });
}

export function createServices(db: Db, overrides: Partial<AppServices> = {}): AppServices {
  return {
    db,
    auth: createTestAuth(db),
    settings: {
      publicUrl: "http://127.0.0.1",
      contactEmail: "contact@example.com",
      demoData: false,
      requireTwoFactorForAdmins: false,
      verificationMaxAgeDays: 180,
      certificateGraceDays: 30,
      mapTiles: DEFAULT_TILES,
      reviews: { newAccountDays: 7, burstPerPlace: 5, burstPerAccount: 3 },
    },
    nonce: "test-nonce",
    clientIp: "127.0.0.1",
    toasts: createToastStore(TEST_SECRET, false),
    alertTokens: createAlertTokens(TEST_SECRET),
    sendEmail: async () => {},
    files: { remove: async () => {} },
    publicRestaurants: () => listRestaurants(db),
    certificateBatchDay: () => certificateBatchDay(db),
    directory: createDirectory({ db, list: () => listRestaurants(db), size: () => countRestaurants(db) }),
    proofOfWork: createProofOfWork({ secret: TEST_SECRET }),
    reportFiled: () => {},
    // Files inside a form go through the real checks to a folder of the run's, made when a file is
    // stored and removed when the run ends (tests/setup/global-db.ts): each file is named anew.
    acceptUpload: formUploads({ db, storage: createLocalStorage(inject("formUploadsDir")) }),
    ...overrides,
  };
}

/** The first argument of a route loader or action, for a GET (or given) request to `url`. */
export function routeArgs<P extends Record<string, string> = Record<string, never>>(
  services: AppServices,
  url: string,
  init?: RequestInit,
  params: P = {} as P,
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request(new URL(url, "http://127.0.0.1"), init);
  return { request, context, params, url: new URL(request.url), pattern: "" };
}
