import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDevice, deviceSlugs, MAX_SAVED, parseDeviceList, setDeviceSaved } from "./device";

describe("saved places on the device", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    const localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    Object.assign(globalThis, { window: { localStorage } });
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("reads a stored list, and anything damaged as an empty one", () => {
    expect(parseDeviceList('["a","b","a",3,"","c\\u0000d"]')).toEqual(["a", "b"]);
    expect(parseDeviceList("{")).toEqual([]);
    expect(parseDeviceList('{"a":1}')).toEqual([]);
    expect(parseDeviceList(null)).toEqual([]);
    expect(parseDeviceList(JSON.stringify(Array.from({ length: MAX_SAVED + 5 }, (_, i) => `p${i}`)))).toHaveLength(
      MAX_SAVED,
    );
  });

  it("saves a place first in the list, forgets it, and empties the list", () => {
    setDeviceSaved("falafel", true);
    setDeviceSaved("sushi", true);
    expect(deviceSlugs()).toEqual(["sushi", "falafel"]);
    const before = deviceSlugs();
    expect(deviceSlugs()).toBe(before);
    setDeviceSaved("falafel", true);
    expect(deviceSlugs()).toEqual(["falafel", "sushi"]);
    setDeviceSaved("sushi", false);
    expect(deviceSlugs()).toEqual(["falafel"]);
    clearDevice();
    expect(deviceSlugs()).toEqual([]);
    expect(store.size).toBe(0);
  });

  it("keeps working, saving nothing, where storage is refused", () => {
    Object.assign(globalThis, {
      window: {
        get localStorage(): Storage {
          throw new Error("SecurityError");
        },
      },
    });
    setDeviceSaved("falafel", true);
    expect(deviceSlugs()).toEqual([]);
  });
});
