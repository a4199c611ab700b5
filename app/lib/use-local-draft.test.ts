// The draft a form keeps in the browser: restored when it differs, kept on every change the user
// makes (never the starting values), cleared when the form is sent and put back when it fails, and
// harmless when the stored text is broken or the storage cannot be used.
import { describe, expect, it } from "vitest";
import { draftSession, localDraft, type DraftStorage } from "./use-local-draft";

interface Values {
  title: string;
  body: string;
}

const readValues = (value: unknown): Values | null =>
  typeof value === "object" && value !== null && "title" in value && typeof value.title === "string"
    ? { ...start, ...(value as Partial<Values>) }
    : null;

const start: Values = { title: "", body: "" };

function memoryStorage(entries: Record<string, string> = {}): DraftStorage & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe("localDraft", () => {
  it("keeps, reads back and clears the values under its key only", () => {
    const storage = memoryStorage({ other: "untouched" });
    const draft = localDraft("form-1", readValues, () => storage);
    expect(draft.load()).toBeNull();
    draft.save({ title: "Falafel", body: "Crisp" });
    expect(JSON.parse(storage.getItem("form-1") ?? "")).toEqual({ title: "Falafel", body: "Crisp" });
    expect(draft.load()).toEqual({ title: "Falafel", body: "Crisp" });
    draft.clear();
    expect(storage.getItem("form-1")).toBeNull();
    expect(storage.getItem("other")).toBe("untouched");
  });

  it("fills in fields added since the draft was kept, and ignores a value of another shape", () => {
    const storage = memoryStorage({
      old: JSON.stringify({ title: "Old" }),
      wrong: JSON.stringify([1, 2]),
      other: JSON.stringify({ name: "x" }),
    });
    expect(localDraft("old", readValues, () => storage).load()).toEqual({ title: "Old", body: "" });
    expect(localDraft("wrong", readValues, () => storage).load()).toBeNull();
    expect(localDraft("other", readValues, () => storage).load()).toBeNull();
  });

  it("ignores and drops a draft that is not JSON", () => {
    const storage = memoryStorage({ "form-1": '{"title": "cut sh' });
    const draft = localDraft("form-1", readValues, () => storage);
    expect(draft.load()).toBeNull();
    expect(storage.getItem("form-1")).toBeNull();
  });

  it("keeps no draft, and throws nothing, where storage is missing, refused or full", () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    const sources: (() => DraftStorage | null)[] = [
      () => null,
      () => refusing,
      () => {
        throw new DOMException("denied", "SecurityError");
      },
    ];
    for (const source of sources) {
      const draft = localDraft("form-1", readValues, source);
      expect(() => draft.save({ title: "a", body: "b" })).not.toThrow();
      expect(draft.load()).toBeNull();
      expect(() => draft.clear()).not.toThrow();
    }
    // Outside a browser (the server's render) there is no storage at all.
    const onServer = localDraft("form-1", readValues);
    expect(onServer.load()).toBeNull();
    expect(() => onServer.save(start)).not.toThrow();
  });
});

describe("draftSession", () => {
  it("restores a kept draft that differs from the form, and not one that is the same", () => {
    const storage = memoryStorage({ "form-1": JSON.stringify({ title: "Kept", body: "" }) });
    const session = draftSession(
      localDraft("form-1", readValues, () => storage),
      start,
    );
    expect(session.restore(start)).toEqual({ title: "Kept", body: "" });
    expect(session.restore({ title: "Kept", body: "" })).toBeNull();
  });

  it("writes the user's changes, never the starting values nor the restored draft", () => {
    const storage = memoryStorage({ "form-1": JSON.stringify({ title: "Kept", body: "" }) });
    const session = draftSession(
      localDraft("form-1", readValues, () => storage),
      start,
    );
    const restored = session.restore(start);
    // The form renders with its starting values once more before the restored ones arrive.
    session.changed(start);
    expect(JSON.parse(storage.getItem("form-1") ?? "")).toEqual({ title: "Kept", body: "" });
    session.changed(restored!);
    expect(JSON.parse(storage.getItem("form-1") ?? "")).toEqual({ title: "Kept", body: "" });
    const typed = { ...restored!, body: "More" };
    session.changed(typed);
    expect(JSON.parse(storage.getItem("form-1") ?? "")).toEqual({ title: "Kept", body: "More" });
  });

  it("keeps nothing for a form the user has not changed", () => {
    const storage = memoryStorage();
    const session = draftSession(
      localDraft("form-1", readValues, () => storage),
      start,
    );
    expect(session.restore(start)).toBeNull();
    session.changed(start);
    expect(storage.entries.size).toBe(0);
  });

  it("is cleared when the form is sent, and put back when the save fails", () => {
    const storage = memoryStorage();
    const draft = localDraft("form-1", readValues, () => storage);
    const session = draftSession(draft, start);
    const typed = { title: "Sent", body: "Once" };
    session.changed(typed);
    draft.clear();
    expect(storage.getItem("form-1")).toBeNull();
    // The answer was a refusal: what was sent is kept again, and restored on the next visit.
    draft.save(typed);
    expect(draftSession(draft, start).restore(start)).toEqual(typed);
  });
});
