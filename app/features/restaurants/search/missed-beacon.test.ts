import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const sendBeacon = vi.fn((_path: string, _body: string) => true);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("navigator", { sendBeacon });
  sendBeacon.mockClear();
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the browser's beacon for a search that found nothing", () => {
  it("sends a term once it has shown no results for a moment, once per page", async () => {
    const { missed } = await import("./missed-beacon");
    // Typing: each keystroke's term found nothing, none stayed long enough.
    for (const term of ["fal", "fala", "falaf"]) {
      missed(term, 0);
      vi.advanceTimersByTime(300);
    }
    expect(sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_500);
    expect(sendBeacon.mock.calls).toEqual([["/api/searches/missed", "falaf"]]);
    // The same term again (re-renders, or typed again) is not sent twice.
    missed("falaf", 0);
    vi.advanceTimersByTime(5_000);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it("sends nothing for a term with results, a short term, or one changed before it settled", async () => {
    const { missed } = await import("./missed-beacon");
    missed("pizza", 3);
    vi.advanceTimersByTime(5_000);
    missed("pi", 0);
    vi.advanceTimersByTime(5_000);
    missed("pizzq", 0);
    vi.advanceTimersByTime(1_000);
    missed("pizza", 3);
    vi.advanceTimersByTime(5_000);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it("re-renders with the same term do not restart the wait", async () => {
    const { missed } = await import("./missed-beacon");
    missed("burekas", 0);
    vi.advanceTimersByTime(1_000);
    missed("burekas", 0);
    vi.advanceTimersByTime(600);
    expect(sendBeacon.mock.calls).toEqual([["/api/searches/missed", "burekas"]]);
  });

  it("sends the term on screen at once when the page is hidden", async () => {
    const listeners: Record<string, () => void> = {};
    const page = {
      visibilityState: "visible",
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    };
    vi.stubGlobal("document", page);
    const { missed } = await import("./missed-beacon");
    missed("shakshuka", 0);
    page.visibilityState = "hidden";
    listeners.visibilitychange?.();
    expect(sendBeacon.mock.calls).toEqual([["/api/searches/missed", "shakshuka"]]);
    vi.advanceTimersByTime(5_000);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
