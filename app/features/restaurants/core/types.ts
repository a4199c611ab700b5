// The restaurant as the app sees it (spec section 3, "Restaurant (in the app)").
import type { Bilingual } from "../../../lib/i18n/language";
import type { Kashrut } from "./constants";
import type { WeeklyHours } from "../../../../database/hours";
import type { LatLng } from "./location";
import type { UploadKindName } from "../../../../database/schema/uploads";
import type { CertificateFacts, PesachPlans } from "../../../../database/lifecycle";
import type { PriceLevel, WheelchairAccess } from "../../../../database/practical";
import type { KosherKind } from "../../../../database/register";

export interface MenuImage {
  url: string;
  name: string;
  size?: number;
  type?: string;
}

export interface Restaurant {
  id: string;
  slug: string;
  name: Bilingual;
  description?: Bilingual;
  /** The address as written (in English, or whatever the owner wrote). */
  address: string;
  /** The address in Hebrew, when given (Hebrew pages show it; `localizedAddress`). */
  addressHe?: string;
  kashrut: Kashrut;
  tags: string[];
  photo?: string;
  teuda?: string;
  phoneNumber?: string;
  /** The free-text hours: once a listing has structured `hours`, the note for exceptions beside them. */
  openingHours?: string;
  /** The hours note in Hebrew, when given. */
  openingHoursHe?: string;
  /** Weekly hours and Shabbat rules, when the restaurant has them. */
  hours?: WeeklyHours;
  /** ISO date, yyyy-MM-dd. */
  lastVerified?: string;
  wazeLink?: string;
  /** Where it is, when known: for the maps and "near me". */
  location?: LatLng;
  menuLink?: string;
  bookingLink?: string;
  onlineOrderLink?: string;
  woltLink?: string;
  kashrutWebsite?: string;
  menuImages: MenuImage[];
  isPermanentlyClosed: boolean;
  /** The kashrut certificate's facts, when a supervising body is given (certificate-status.ts). */
  certificate?: CertificateFacts;
  /** Meat, dairy or parve, where known (the form's kashrut group). */
  kosherKind?: KosherKind;
  /** Pesach, per year ("2027"); absent without any plan. */
  pesach?: PesachPlans;
  // The practical facts (practical.ts), each absent when not given.
  /** 1 (₪) to 4 (₪₪₪₪). */
  priceLevel?: PriceLevel;
  delivery?: true;
  takeaway?: true;
  catering?: true;
  wheelchair?: WheelchairAccess;
  /** Its published reviews in numbers (count, stars added up), when it has any: cards and the order by rating. */
  rating?: { count: number; stars: number };
}

/** What the restaurant form edits: flat fields, empty strings for missing optionals. */
export interface RestaurantFormValues {
  nameEn: string;
  nameHe: string;
  address: string;
  addressHe: string;
  /**
   * The spec's kashrut value, derived from the certificate's body and level (ADR 032): the form
   * keeps it in step and shows it. Only where no body is given (an older import or draft, a
   * suggestion) does a value here imply the body (`withKashrutModel`).
   */
  kashrut: string;
  phoneNumber: string;
  openingHours: string;
  openingHoursHe: string;
  wazeLink: string;
  /** Decimal degrees as typed (or set by the map's pin); both empty when the location is not known. */
  latitude: string;
  longitude: string;
  menuLink: string;
  bookingLink: string;
  onlineOrderLink: string;
  woltLink: string;
  kashrutWebsite: string;
  photo: string;
  teuda: string;
  descriptionEn: string;
  descriptionHe: string;
  tags: string[];
  menuImages: MenuImage[];
  isPermanentlyClosed: boolean;
  // The kashrut certificate ("" when not given; the details only with a supervising body).
  certificateBody: string;
  certificateLevel: string;
  certificateNumber: string;
  /** yyyy-MM-dd, the certificate's last valid day. */
  certificateValidUntil: string;
  /** "meat", "dairy", "parve", or "". */
  kosherKind: string;
  // The practical facts ("" or false when not given).
  /** "1" to "4", or "". */
  priceLevel: string;
  delivery: boolean;
  takeaway: boolean;
  catering: boolean;
  /** "yes", "partly", "no", or "". */
  wheelchair: string;
}

// The feature's entry in the services every loader gets: app/lib/context.ts declares the services
// without knowing any feature (app/lib never imports one), and this adds the restaurant list to them.
declare module "../../../lib/context" {
  interface AppServices {
    /** The public restaurant list, cached in memory and refreshed on every change. */
    publicRestaurants: () => Promise<Restaurant[]>;
    /**
     * Checks, re-encodes and stores a file that came inside a page's form, as POST
     * /api/uploads does, and records it as held by a suggestion or a claim (kept from the clean-up
     * while it is). Refuses with an UploadError (an AppError: too large, not of its kind); returns its URL.
     */
    acceptUpload: (
      file: { data: Buffer; name: string },
      kind: UploadKindName,
      holder: { uploadedBy: string | null; heldBy: string },
    ) => Promise<string>;
    /** Counts a home search that found nothing, once per visitor (their address, as a keyed hash; in memory; bots and short terms ignored). Absent: not counted. */
    searchMissed?: (term: string, userAgent: string | null, clientIp: string) => void;
  }
}
