import { describe, expect, it } from "vitest";
import { publicHistory, type RecordedChange } from "./public-history";

const at = (iso: string) => new Date(iso);

describe("publicHistory", () => {
  it("tells kashrut changes, closing, reopening and verifications, newest first, with dates only", () => {
    const records: RecordedChange[] = [
      { action: "create", changes: { kashrut: { old: null, new: "rabanut" } }, createdAt: at("2026-01-05T10:00:00Z") },
      {
        action: "update",
        changes: { kashrut: { old: "rabanut", new: "mehadrin" }, phone_number: { old: "1", new: "2" } },
        createdAt: at("2026-03-01T10:00:00Z"),
      },
      {
        action: "verify",
        changes: { last_verified: { old: null, new: "2026-03-02" } },
        createdAt: at("2026-03-03T10:00:00Z"),
      },
      {
        action: "update",
        changes: { is_permanently_closed: { old: false, new: true } },
        createdAt: at("2026-06-01T10:00:00Z"),
      },
      {
        action: "update",
        changes: { is_permanently_closed: { old: true, new: false } },
        createdAt: at("2026-07-01T22:30:00Z"),
      },
    ];
    expect(publicHistory(records)).toEqual([
      { kind: "reopened", day: "2026-07-02" }, // 01:30 in Tel Aviv
      { kind: "closed", day: "2026-06-01" },
      { kind: "verified", day: "2026-03-02" },
      { kind: "kashrut", day: "2026-03-01", from: "rabanut", to: "mehadrin" },
    ]);
  });

  it("shows nothing else: other fields, owners, a cleared verification date, deletions", () => {
    const records: RecordedChange[] = [
      {
        action: "update",
        changes: { address: { old: "a", new: "b" }, name_en: { old: "x", new: "y" } },
        createdAt: at("2026-03-01T10:00:00Z"),
      },
      {
        action: "owner_add",
        changes: { owner: { old: null, new: "owner@example.com" } },
        createdAt: at("2026-03-02T10:00:00Z"),
      },
      {
        action: "verify",
        changes: { last_verified: { old: "2026-03-02", new: null } },
        createdAt: at("2026-03-03T10:00:00Z"),
      },
      {
        action: "update",
        changes: { kashrut: { old: "rabanut", new: "<script>" } },
        createdAt: at("2026-03-04T10:00:00Z"),
      },
      { action: "delete", changes: {}, createdAt: at("2026-03-05T10:00:00Z") },
    ];
    expect(publicHistory(records)).toEqual([]);
  });
});
