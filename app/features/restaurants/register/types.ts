// What the register's parts hand each other: an entry read from a file, a listing as the matcher
// sees it, and a pairing with its grade. Plain data.
import type { CertificateBody, CertificateLevel } from "../../../../database/lifecycle";
import type { KosherKind, MatchGrade, RegisterList, RegisterShape } from "../../../../database/register";

/** One business as a register file lists it, read into our fields ("" where the file says nothing). */
export interface RegisterEntryRead {
  /** Its place in the file (0-based). */
  position: number;
  name: string;
  businessType: string;
  /** Street and number, as written (Hebrew, no city). */
  address: string;
  city: string;
  phone: string;
  /** The certificate's last day, "YYYY-MM-DD" in Tel Aviv; null where the file does not say. */
  validUntil: string | null;
  level: CertificateLevel | null;
  kind: KosherKind | null;
  /** A place to eat (a restaurant, café, eatery), not a factory, hall, shop or institution. */
  eatery: boolean;
  /** The row as the file had it, field by field. */
  raw: Record<string, string>;
}

/** A whole file read: its shape (recognised, not told), which list it is, and its entries. */
export interface ParsedRegister {
  shape: RegisterShape;
  list: RegisterList;
  /** The body the list speaks for (the Tel Aviv register: rabbinate_tel_aviv). */
  body: CertificateBody;
  /** The day the file says it was published, if it says ("YYYY-MM-DD"); else the admin gives it. */
  publishedOn: string | null;
  entries: RegisterEntryRead[];
}

/** A listing as the matcher reads it (a few columns of every listing, so 100,000 stay small). */
export interface ListingForMatch {
  id: string;
  nameEn: string;
  nameHe: string;
  address: string;
  addressHe: string;
  phone: string;
  certificateBody: CertificateBody | null;
}

/** One entry's pairing: the listing (none for "new"), the grade and why, in words for the review page. */
export interface EntryMatch {
  position: number;
  restaurantId: string | null;
  grade: MatchGrade;
  /** Short reasons, as message-free codes the page words ("name", "street", "number", "phone", "sharedAddress"). */
  reasons: string[];
}
