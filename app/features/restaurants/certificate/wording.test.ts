import { describe, expect, it } from "vitest";
import { CERTIFICATE_BODIES, isRabbinate } from "../../../../database/lifecycle";
import { translator } from "../../../lib/i18n/messages";
import { certificateState } from "../core/certificate-status";
import { certificateDate, statusMessage } from "./wording";
import { bodySentence } from "./notes.server";

const clock = (today: string) => ({ today, graceDays: 30 });

/** The status line as a page shows it. */
function line(
  body: (typeof CERTIFICATE_BODIES)[number],
  validUntil: string,
  today: string,
  language: "en" | "he",
): string {
  const message = statusMessage(body, certificateState({ body, validUntil }, clock(today)));
  if (!message) return "";
  return translator(language)(message.key, { date: certificateDate(message.date, language) });
}

describe("certificate wording", () => {
  it("calls a rabbinate certificate kosher, in both languages", () => {
    expect(line("rabbinate_tel_aviv", "2027-04-19", "2027-03-01", "en")).toBe(
      "Kosher certificate valid until April 19, 2027",
    );
    expect(line("rabbinate_tel_aviv", "2027-04-19", "2027-04-25", "en")).toBe(
      "Kosher certificate renewal pending (expired April 20, 2027)",
    );
    expect(line("rabbinate_tel_aviv", "2027-03-02", "2027-06-01", "en")).toBe(
      "Kosher certificate expired on March 3, 2027",
    );
    expect(line("rabbinate_tel_aviv", "2027-04-19", "2027-03-01", "he")).toBe("תעודת כשרות בתוקף עד 19 באפריל 2027");
    expect(line("rabbinate_tel_aviv", "2027-03-02", "2027-06-01", "he")).toBe("תוקף תעודת הכשרות פג ב־3 במרץ 2027");
  });

  it("never says kosher certificate for private supervision, in either language", () => {
    for (const body of CERTIFICATE_BODIES.filter((b) => !isRabbinate(b) && b !== "none")) {
      for (const today of ["2027-03-01", "2027-04-25", "2027-06-01"]) {
        expect(line(body, "2027-04-19", today, "en")).toMatch(/^Supervision /);
        expect(line(body, "2027-04-19", today, "en")).not.toMatch(/kosher/i);
        expect(line(body, "2027-04-19", today, "he")).toMatch(/השגחה/);
        expect(line(body, "2027-04-19", today, "he")).not.toMatch(/כשרות/);
      }
      expect(translator("en")(bodySentence(body))).toMatch(/^Under (the supervision of|private kashrut supervision)/);
      expect(translator("en")(bodySentence(body))).not.toMatch(/kosher/i);
      expect(translator("he")(bodySentence(body))).toMatch(/^בהשגחת/);
    }
    expect(translator("en")(bodySentence("badatz_beit_yosef"))).toBe("Under the supervision of Badatz Beit Yosef");
    expect(translator("en")(bodySentence("rabbinate_tel_aviv"))).toMatch(/^Kosher certificate/);
  });

  it("calls kosher exactly the bodies isRabbinate names", () => {
    for (const body of CERTIFICATE_BODIES) {
      expect(statusMessage(body, { kind: "valid", until: "2027-04-19" })?.key.startsWith("cert.k.")).toBe(
        isRabbinate(body),
      );
    }
  });

  it("says nothing without a state", () => {
    expect(line("none", "2027-04-19", "2027-03-01", "en")).toBe("");
    expect(statusMessage("tzohar", { kind: "none" })).toBeUndefined();
  });
});
