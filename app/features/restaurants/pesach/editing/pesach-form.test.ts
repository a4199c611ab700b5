import { describe, expect, it } from "vitest";
import { en } from "../../../../locales/en";
import { he } from "../../../../locales/he";
import { parsePesachForm, pesachFormValues } from "./pesach-form";

const form = (values: Record<string, string>) => ({
  status: "",
  kitniyot: "",
  body: "",
  level: "",
  validUntil: "",
  cholFrom: "",
  cholTo: "",
  ...values,
});

describe("the Pesach form", () => {
  it("makes a plan of what was chosen, and back into the form", () => {
    const parsed = parsePesachForm(
      form({
        status: "kosher",
        kitniyot: "no",
        body: "rabbinate_tel_aviv",
        level: "mehadrin",
        validUntil: "2027-04-30",
        cholFrom: "10:00",
        cholTo: "22:30",
      }),
    );
    const plan = {
      status: "kosher",
      kitniyot: false,
      certificate: { body: "rabbinate_tel_aviv", level: "mehadrin", validUntil: "2027-04-30" },
      cholHamoed: [{ from: "10:00", to: "22:30" }],
    };
    expect(parsed).toEqual({ ok: true, values: plan });
    expect(pesachFormValues(plan as never)).toEqual(
      form({
        status: "kosher",
        kitniyot: "no",
        body: "rabbinate_tel_aviv",
        level: "mehadrin",
        validUntil: "2027-04-30",
        cholFrom: "10:00",
        cholTo: "22:30",
      }),
    );
    expect(parsePesachForm(form({ status: "closed" }))).toEqual({ ok: true, values: { status: "closed" } });
  });

  it("removes the year's plan when no status is given", () => {
    expect(parsePesachForm(form({}))).toEqual({ ok: true, values: null });
    expect(parsePesachForm({})).toEqual({ ok: true, values: null });
  });

  it("refuses what does not fit, field by field, with messages in both languages", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ status: "maybe" }, "status", "form.invalidValue"],
      [{ status: "closed", kitniyot: "yes" }, "kitniyot", "pesachEdit.kitniyotOnlyOpen"],
      [{ status: "not_kosher", body: "tzohar" }, "body", "pesachEdit.certificateOnlyKosher"],
      [{ status: "kosher", body: "nobody" }, "body", "form.invalidValue"],
      [{ status: "kosher", body: "tzohar", validUntil: "2027-02-30" }, "validUntil", "form.certificateDateInvalid"],
      [{ status: "kosher", cholFrom: "10:00" }, "cholTo", "pesachEdit.hoursIncomplete"],
      [{ status: "kosher", cholFrom: "10:00", cholTo: "10:00" }, "cholTo", "pesachEdit.sameStartEnd"],
      [{ status: "kosher", cholFrom: "9am", cholTo: "10:00" }, "cholFrom", "pesachEdit.invalidTime"],
      [{ status: "closed", cholFrom: "10:00", cholTo: "12:00" }, "cholFrom", "pesachEdit.kitniyotOnlyOpen"],
    ];
    for (const [values, field, message] of cases) {
      const parsed = parsePesachForm(form(values));
      expect(parsed.ok, JSON.stringify(values)).toBe(false);
      if (!parsed.ok) expect((parsed.errors as Record<string, string>)[field], JSON.stringify(values)).toBe(message);
      expect(en[message as keyof typeof en]).toBeTruthy();
      expect(he[message as keyof typeof he]).toBeTruthy();
    }
  });
});
