import { describe, expect, it } from "vitest";
import { dueReminder, reminderWindow } from "./reminders";

const until = "2027-04-19";

describe("dueReminder", () => {
  it("is none more than 14 days before", () => {
    expect(dueReminder(until, "2027-04-04")).toBeUndefined();
    expect(dueReminder(until, "2027-01-01")).toBeUndefined();
  });

  it("is the 14-day one from 14 days before until 4 days before", () => {
    expect(dueReminder(until, "2027-04-05")).toBe(14);
    expect(dueReminder(until, "2027-04-15")).toBe(14);
  });

  it("is the 3-day one from 3 days before through the last day", () => {
    expect(dueReminder(until, "2027-04-16")).toBe(3);
    expect(dueReminder(until, "2027-04-19")).toBe(3);
  });

  it("is none after the last day", () => {
    expect(dueReminder(until, "2027-04-20")).toBeUndefined();
  });

  it("crosses months and years by calendar days", () => {
    expect(dueReminder("2027-01-02", "2026-12-19")).toBe(14);
    expect(dueReminder("2027-01-02", "2026-12-18")).toBeUndefined();
    expect(dueReminder("2027-01-02", "2026-12-30")).toBe(3);
  });

  it("looks 14 days ahead", () => {
    expect(reminderWindow("2027-04-05")).toEqual({ from: "2027-04-05", to: "2027-04-19" });
  });
});
