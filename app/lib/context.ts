// What the server entry injects into every loader and action through React Router's context.
import { createContext } from "react-router";
import type { Db } from "../../database/types";
import type { EmailContent } from "./emails";
import type { Auth } from "./auth.server";
import type { ToastStore } from "./toast.server";

/** Configuration values routes may read on the server (never secrets). */
export interface AppSettings {
  publicUrl: string;
  contactEmail: string;
  demoData: boolean;
  /** Administrators without two-factor sign-in are sent to set it up (REQUIRE_2FA_FOR_ADMINS). */
  requireTwoFactorForAdmins: boolean;
  /** Days after which a verification is overdue (VERIFICATION_MAX_AGE_DAYS, default 180). */
  verificationMaxAgeDays: number;
  /** Days a certificate shows "renewal pending" after its last day (CERTIFICATE_GRACE_DAYS, default 30). */
  certificateGraceDays: number;
  /** Map tiles and their credit (MAP_TILE_URL, MAP_ATTRIBUTION, MAP_ATTRIBUTION_URL). */
  mapTiles: MapTiles;
  /** When a diner's review waits for an admin (the REVIEW_* settings). */
  reviews: ReviewSettings;
}

/** The configurable signals that hold a review for an admin before it shows. */
export interface ReviewSettings {
  /** An account younger than this many days has its reviews held (REVIEW_NEW_ACCOUNT_DAYS, default 7). */
  newAccountDays: number;
  /** More reviews of one place than this within a day are held (REVIEW_BURST_PER_PLACE, default 5). */
  burstPerPlace: number;
  /** More reviews by one account than this within a day are held (REVIEW_BURST_PER_ACCOUNT, default 3). */
  burstPerAccount: number;
}

/** Map tiles and the credit their provider asks for (OpenStreetMap's tile usage policy). */
export interface MapTiles {
  /** A URL template with {z}, {x} and {y}. */
  url: string;
  attribution: string;
  attributionUrl: string;
}

// Features add their own services to this interface (declaration merging, as React Router's own
// AppLoadContext): e.g. `publicRestaurants` in app/features/restaurants/core/types.ts.
export interface AppServices {
  db: Db;
  auth: Auth;
  settings: AppSettings;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  /** The client's address (behind a trusted proxy, from X-Forwarded-For), for rate limits. */
  clientIp: string;
  /**
   * Set when a page's form with a file was larger than the door takes: its text fields as sent and
   * the file fields that had a file. The body was read already: the action answers with the file
   * field's message and the fields, and must not read the request's form.
   */
  oversizedForm?: { fields: Record<string, string>; files: string[] };
  toasts: ToastStore;
  /** Delivers an e-mail of ours (SMTP or the development outbox), e.g. a security notice. */
  sendEmail: (to: string, content: EmailContent) => Promise<void>;
  /** Uploaded files (local disk now, object storage later). */
  files: FileStore;
  /** Tells the server the database could not be reached (it then answers 503 until it can). */
  reportDatabaseUnavailable?: () => void;
  /**
   * The server's clock for what depends on the calendar (the Pesach season); absent:
   * the machine's. Only the browser tests' server sets another (a request's `x-test-now`).
   */
  now?: () => Date;
}

export interface FileStore {
  /** Removes a stored file by its public URL; unknown URLs and missing files are ignored. */
  remove(url: string): Promise<void>;
}

export const servicesContext = createContext<AppServices>();
