import { describe, expect, it } from "vitest";
import {
  can,
  canUpload,
  isAdministrator,
  mayBeLinkedAsOwner,
  mustKeepTwoFactor,
  mustSetUpTwoFactor,
  type Action,
  type Subject,
} from "./permissions";

const on = { requireTwoFactorForAdmins: true };
const off = { requireTwoFactorForAdmins: false };

describe("two-factor for admins (REQUIRE_2FA_FOR_ADMINS)", () => {
  it("holds back only admins without two-factor, and only when the setting is on", () => {
    expect(mustSetUpTwoFactor({ role: "admin", twoFactorEnabled: false }, on)).toBe(true);
    expect(mustSetUpTwoFactor({ role: "admin", twoFactorEnabled: true }, on)).toBe(false);
    expect(mustSetUpTwoFactor({ role: "admin", twoFactorEnabled: false }, off)).toBe(false);
    expect(mustSetUpTwoFactor({ role: "owner", twoFactorEnabled: false }, on)).toBe(false);
    expect(mustSetUpTwoFactor(null, on)).toBe(false);
  });

  it("keeps an admin from turning two-factor off only while the setting is on", () => {
    expect(mustKeepTwoFactor({ role: "admin" }, on)).toBe(true);
    expect(mustKeepTwoFactor({ role: "admin" }, off)).toBe(false);
    expect(mustKeepTwoFactor({ role: "owner" }, on)).toBe(false);
    expect(mustKeepTwoFactor(null, on)).toBe(false);
  });

  it("refuses uploads from such an admin, as the dashboard does", () => {
    expect(canUpload({ role: "admin", twoFactorEnabled: false }, on)).toBe(false);
    expect(canUpload({ role: "admin", twoFactorEnabled: true }, on)).toBe(true);
    expect(canUpload({ role: "admin", twoFactorEnabled: false }, off)).toBe(true);
    expect(canUpload({ role: "owner", twoFactorEnabled: false }, on)).toBe(true);
    expect(canUpload({ role: "guest", twoFactorEnabled: true }, on)).toBe(false);
    expect(canUpload(null, off)).toBe(false);
  });
});

const admin: Subject = { id: "u-admin", role: "admin" };
const owner: Subject = { id: "u-owner", role: "owner" };
const guest: Subject = { id: "u-guest", role: "guest" };
const system: Subject = { id: "system", role: "system" };
const WHO = { admin, owner, guest, system, visitor: null } as const;
type Who = keyof typeof WHO;

// The spec's roles (section 6): who may do what, when the action is about no one restaurant.
const TABLE: Record<Exclude<Action, "restaurant:edit" | "reports:view" | "review:write" | "review:reply">, Who[]> = {
  "dashboard:enter": ["admin", "owner", "system"],
  "restaurant:create": ["admin", "owner", "system"],
  "restaurant:delete": ["admin", "system"],
  "owners:manage": ["admin", "system"],
  "verification:set": ["admin", "system"],
  "users:manage": ["admin", "system"],
  "blog:manage": ["admin", "system"],
  "reports:manage": ["admin", "system"],
  // npm run import: the system, or the administrator it is run as (--as).
  "data:import": ["admin", "system"],
  // The suggestion, claim and certificate queues are the admins'; any account may claim.
  "suggestions:manage": ["admin", "system"],
  "claims:manage": ["admin", "system"],
  "certificates:review": ["admin", "system"],
  "register:manage": ["admin", "system"],
  "claim:send": ["admin", "owner", "guest", "system"],
  // Any account keeps its own saved places; a visitor keeps them on the device.
  "saved:keep": ["admin", "owner", "guest", "system"],
  // Any account may report a review; the moderation queue is the admins'.
  "review:report": ["admin", "owner", "guest", "system"],
  "reviews:moderate": ["admin", "system"],
};

describe("can: role x action", () => {
  for (const [action, allowed] of Object.entries(TABLE) as [keyof typeof TABLE, Who[]][]) {
    for (const who of Object.keys(WHO) as Who[]) {
      const expected = allowed.includes(who);
      it(`${who} ${expected ? "may" : "may not"} ${action}`, () => {
        expect(can(WHO[who], action)).toBe(expected);
      });
    }
  }
});

// Editing a restaurant and reading its problem reports follow the same rule: linked owners only.
describe.each(["restaurant:edit", "reports:view"] as const)("can: %s (resource-aware)", (action) => {
  const ownedByOwner = { ownerIds: ["u-other", "u-owner"] };
  const ownedByOthers = { ownerIds: ["u-other"] };
  const unowned = { ownerIds: [] };
  const cases: [Who, { ownerIds: string[] } | undefined, boolean][] = [
    // Without a restaurant the question is "every restaurant": admins and the system only.
    ["admin", undefined, true],
    ["system", undefined, true],
    ["owner", undefined, false],
    ["guest", undefined, false],
    ["visitor", undefined, false],
    ["admin", ownedByOthers, true],
    ["admin", unowned, true],
    ["system", unowned, true],
    ["owner", ownedByOwner, true],
    ["owner", ownedByOthers, false],
    ["owner", unowned, false],
    // A guest keeps no access even if a link remains from when they were an owner.
    ["guest", { ownerIds: ["u-guest"] }, false],
    ["visitor", ownedByOwner, false],
  ];
  for (const [who, resource, expected] of cases) {
    it(`${who} ${expected ? "may" : "may not"} on ${resource ? `a restaurant owned by [${resource.ownerIds.join(", ")}]` : "every restaurant"}`, () => {
      expect(can(WHO[who], action, resource)).toBe(expected);
    });
  }

  it("an owner without an id (a shape from the browser) is never taken for a linked owner", () => {
    expect(can({ role: "guest" }, "claim:send")).toBe(false);
    expect(can({ role: "owner" }, action, { ownerIds: [""] })).toBe(false);
  });
});

describe("reviews: who may write one, and who may reply in the restaurant's name", () => {
  const ownedByOwner = { ownerIds: ["u-other", "u-owner"] };
  const ownedByOthers = { ownerIds: ["u-other"] };
  const cases: [Who, { ownerIds: string[] }, boolean, boolean][] = [
    // [who, restaurant, may write a review, may reply]
    ["admin", ownedByOthers, true, false],
    ["system", ownedByOthers, true, false],
    ["owner", ownedByOwner, false, true],
    ["owner", ownedByOthers, true, false],
    ["guest", ownedByOthers, true, false],
    // A link left from when a guest was an owner gives no voice, and still may not praise the place.
    ["guest", { ownerIds: ["u-guest"] }, false, false],
    ["visitor", ownedByOwner, false, false],
    ["visitor", ownedByOthers, false, false],
  ];
  for (const [who, restaurant, write, reply] of cases) {
    it(`${who} on a restaurant owned by [${restaurant.ownerIds.join(", ")}]: ${write ? "may" : "may not"} review, ${reply ? "may" : "may not"} reply`, () => {
      expect(can(WHO[who], "review:write", restaurant)).toBe(write);
      expect(can(WHO[who], "review:reply", restaurant)).toBe(reply);
    });
  }

  it("an account without an id (a shape from the browser) may neither review nor reply", () => {
    expect(can({ role: "guest" }, "review:write", { ownerIds: [] })).toBe(false);
    expect(can({ role: "owner" }, "review:reply", { ownerIds: [""] })).toBe(false);
  });
});

describe("who may be linked to a restaurant as its owner (mayBeLinkedAsOwner)", () => {
  it("only an owner account: never an admin, a guest, the system, or an account without a role", () => {
    expect(mayBeLinkedAsOwner(owner)).toBe(true);
    expect(mayBeLinkedAsOwner(admin)).toBe(false);
    expect(mayBeLinkedAsOwner(guest)).toBe(false);
    expect(mayBeLinkedAsOwner(system)).toBe(false);
    expect(mayBeLinkedAsOwner({ role: null })).toBe(false);
    expect(mayBeLinkedAsOwner(null)).toBe(false);
  });
});

describe("isAdministrator", () => {
  it("is the admin role only (the system is not an account)", () => {
    expect(isAdministrator(admin)).toBe(true);
    expect([owner, guest, system, null].map(isAdministrator)).toEqual([false, false, false, false]);
  });
});
