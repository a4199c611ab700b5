// The register's readings on the public side (ADR 033): a revoked certificate, the city-wide batch
// date, a certificate a later register did not renew; and how the cards, the filter, the titles and
// the answers say them.
import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { en } from "../../../locales/en";
import { he } from "../../../locales/he";
import { certificateState, type CertificateClock } from "../core/certificate-status";
import { isDoubtful, kashrutStanding } from "../core/kashrut";
import { rowToRestaurant } from "../core/mapping";
import { restaurantDescription, restaurantTitle } from "../core/presentation";
import { dietKosher } from "../open-data/diet-kosher";
import { faqOf } from "../page/faq.server";
import { forCard, fromIndexRow, toIndexRow } from "../search/search-index";
import { batchDayOf } from "./batch-day.server";
import { hasValidCertificate } from "./filter";
import { statusMessage } from "./wording";

const rabbinate = { body: "rabbinate_tel_aviv", validUntil: "2027-04-20" } as const;
const clock = (today: string, batchDay?: string): CertificateClock => ({
  today,
  graceDays: 30,
  ...(batchDay ? { batchDay } : {}),
});

describe("a revoked certificate", () => {
  const revoked = { ...rabbinate, revokedOn: "2027-01-05" };

  it("reads revoked whatever its date says, before, on and after its last day", () => {
    for (const today of ["2026-12-01", "2027-04-20", "2027-04-25", "2028-01-01"])
      expect(certificateState(revoked, clock(today))).toEqual({ kind: "revoked", revokedOn: "2027-01-05" });
    // Without a date too: the list says so, not the date.
    expect(certificateState({ body: "rabbinate_tel_aviv", revokedOn: "2027-01-05" }, clock("2027-01-06")).kind).toBe(
      "revoked",
    );
  });

  it("is never kosher: doubtful, out of the Valid certificate filter, and says the list's date", () => {
    const state = certificateState(revoked, clock("2027-02-01"));
    expect(kashrutStanding("rabanut", "rabbinate_tel_aviv", state)).toBe("revoked");
    expect(isDoubtful("revoked")).toBe(true);
    expect(hasValidCertificate(revoked, clock("2027-02-01"))).toBe(false);
    expect(statusMessage("rabbinate_tel_aviv", state)).toEqual({ key: "cert.revoked", date: "2027-01-05" });
    expect(en["cert.revoked"]).toBe("Certificate revoked per the Rabbinate's list of {date}");
    expect(he["cert.revoked"]).toContain("בוטלה");
    // Open data: OpenStreetMap's diet:kosher says "yes" (kosher food, supervision unconfirmed), never "only".
    expect(dietKosher("rabanut", revoked, clock("2027-02-01"))).toBe("yes");
    expect(dietKosher("rabanut", rabbinate, clock("2027-02-01"))).toBe("only");
  });

  it("titles, descriptions and the page's answer say revoked, never 'kosher restaurant'", () => {
    const restaurant = rowToRestaurant(
      buildRestaurantRow({
        name_en: "Gina",
        name_he: "ג'ינה",
        kashrut: "rabanut",
        certificate_body: "rabbinate_tel_aviv",
        certificate_valid_until: "2027-04-20",
        certificate_revoked_on: "2027-01-05",
      }),
    );
    const state = certificateState(restaurant.certificate, clock("2027-02-01"));
    expect(restaurantTitle(restaurant, "en", state)).toBe("Gina | Restaurant in Tel Aviv (kosher certificate revoked)");
    expect(restaurantTitle(restaurant, "he", state)).toContain("בוטלה");
    expect(restaurantDescription(restaurant, "en", state)).toContain(
      "revoked per the Rabbinate's list of January 5, 2027",
    );
    expect(restaurantDescription(restaurant, "en", state)).not.toMatch(/kosher restaurant/i);
    const answer = faqOf(restaurant, "en", state)?.items[0]?.answer;
    expect(answer?.text).toBe(en["restaurant.faqKosherRevokedA"]);
    expect(answer?.values).toEqual({ name: "Gina", date: "January 5, 2027" });
  });
});

describe("the city-wide batch date", () => {
  it("reads the days after it, within the grace, as the Rabbinate's renewal", () => {
    const state = certificateState(rabbinate, clock("2027-04-23", "2027-04-20"));
    expect(state).toEqual({ kind: "renewalPending", until: "2027-04-20", expiredOn: "2027-04-21", batch: true });
    expect(statusMessage("rabbinate_tel_aviv", state)).toEqual({ key: "cert.batch", date: "2027-04-20" });
    expect(en["cert.batch"]).toBe("The Rabbinate renews all certificates around {date}; renewal pending");
    // Still supervised for the filter and the badge (renewal pending), not each listing's failure.
    expect(hasValidCertificate(rabbinate, clock("2027-04-23", "2027-04-20"))).toBe(true);
    expect(kashrutStanding("rabanut", "rabbinate_tel_aviv", state)).toBe("renewalPending");
  });

  it("is the listing's own reading before the date, after the grace, for another day or another body", () => {
    expect(certificateState(rabbinate, clock("2027-04-20", "2027-04-20")).kind).toBe("valid");
    expect(certificateState(rabbinate, clock("2027-05-21", "2027-04-20")).kind).toBe("expired");
    const other = certificateState({ ...rabbinate, validUntil: "2027-04-19" }, clock("2027-04-23", "2027-04-20"));
    expect(other).toEqual({ kind: "renewalPending", until: "2027-04-19", expiredOn: "2027-04-20" });
    expect(statusMessage("rabbinate_tel_aviv", other)?.key).toBe("cert.k.renewalPending");
    const tzohar = certificateState({ body: "tzohar", validUntil: "2027-04-20" }, clock("2027-04-23", "2027-04-20"));
    expect(statusMessage("tzohar", tzohar)?.key).toBe("cert.s.renewalPending");
  });

  it("needs at least half of the dated Rabbinate certificates, and at least five", () => {
    expect(batchDayOf({ day: "2027-04-20", count: 812 }, 1_100)).toBe("2027-04-20");
    expect(batchDayOf({ day: "2027-04-20", count: 5 }, 10)).toBe("2027-04-20");
    expect(batchDayOf({ day: "2027-04-20", count: 5 }, 11)).toBeNull();
    expect(batchDayOf({ day: "2027-04-20", count: 4 }, 4)).toBeNull();
    expect(batchDayOf(undefined, 0)).toBeNull();
  });
});

describe("a certificate a later register did not renew", () => {
  // An admin ended it: its last day is the day before the register that no longer lists it.
  const ended = { ...rabbinate, validUntil: "2027-04-09", registerPublishedOn: "2027-04-10" };

  it("reads expired at once, with no grace, and leaves the filter", () => {
    expect(certificateState(ended, clock("2027-04-11"))).toEqual({
      kind: "expired",
      until: "2027-04-09",
      expiredOn: "2027-04-10",
    });
    expect(hasValidCertificate(ended, clock("2027-04-11"))).toBe(false);
  });

  it("keeps the grace when the register it came from was published before its last day", () => {
    const renewed = { ...rabbinate, registerPublishedOn: "2026-09-10" };
    expect(certificateState(renewed, clock("2027-04-25")).kind).toBe("renewalPending");
  });
});

describe("rows, cards and the search index carry the register's facts", () => {
  const row = buildRestaurantRow({
    certificate_body: "rabbinate_tel_aviv",
    certificate_valid_until: "2027-04-20",
    certificate_revoked_on: "2027-01-05",
    register_published_on: "2026-09-10",
  });

  it("a row's certificate has them; a row without them has neither", () => {
    expect(rowToRestaurant(row).certificate).toEqual({
      body: "rabbinate_tel_aviv",
      validUntil: "2027-04-20",
      revokedOn: "2027-01-05",
      registerPublishedOn: "2026-09-10",
    });
    const plain = rowToRestaurant(
      buildRestaurantRow({ certificate_body: "tzohar", certificate_valid_until: "2027-01-01" }),
    );
    expect(plain.certificate).toEqual({ body: "tzohar", validUntil: "2027-01-01" });
  });

  it("the card and the index row keep what changes a card's reading: a revocation, a register that ended it", () => {
    const restaurant = rowToRestaurant(row);
    // The register's day is the page's to say; a card needs it only when that register ended the certificate.
    const { registerPublishedOn, ...onCard } = restaurant.certificate!;
    expect(registerPublishedOn).toBe("2026-09-10");
    expect(forCard(restaurant).certificate).toEqual(onCard);
    expect(toIndexRow(restaurant)[14]).toEqual(["rabbinate_tel_aviv", "2027-04-20", "2027-01-05"]);
    expect(fromIndexRow(toIndexRow(restaurant))?.certificate).toEqual(onCard);
    const ended = rowToRestaurant({
      ...row,
      certificate_revoked_on: null,
      certificate_valid_until: "2027-04-09",
      register_published_on: "2027-04-10",
    });
    expect(forCard(ended).certificate).toEqual(ended.certificate);
    expect(toIndexRow(ended)[14]).toEqual(["rabbinate_tel_aviv", "2027-04-09", "", "2027-04-10"]);
    expect(fromIndexRow(toIndexRow(ended))?.certificate).toEqual(ended.certificate);
    const plain = rowToRestaurant({ ...row, register_published_on: null, certificate_revoked_on: null });
    expect(toIndexRow(plain)[14]).toEqual(["rabbinate_tel_aviv", "2027-04-20"]);
    expect(fromIndexRow(toIndexRow(plain))?.certificate).toEqual({
      body: "rabbinate_tel_aviv",
      validUntil: "2027-04-20",
    });
  });
});
