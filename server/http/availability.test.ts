import { afterEach, describe, expect, it, vi } from "vitest";
import { createAvailability } from "./availability";

afterEach(() => {
  vi.useRealTimers();
});

describe("database availability (circuit breaker)", () => {
  it("opens on markDown, probes every interval while the ping fails, and closes on the first answer", async () => {
    vi.useFakeTimers();
    let answering = false;
    const ping = vi.fn(() => (answering ? Promise.resolve() : Promise.reject(new Error("ECONNREFUSED"))));
    const log = vi.fn();
    const availability = createAvailability({ ping, probeIntervalMs: 1_000, log });
    expect(availability.isDown()).toBe(false);
    availability.markDown();
    availability.markDown();
    expect(availability.isDown()).toBe(true);
    expect(ping).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ping).toHaveBeenCalledTimes(2);
    expect(availability.isDown()).toBe(true);
    answering = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(availability.isDown()).toBe(false);
    // Closed: no more probing.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("treats a ping that hangs as a failure", async () => {
    vi.useFakeTimers();
    const ping = vi.fn(() => new Promise<void>(() => {}));
    const availability = createAvailability({ ping, probeIntervalMs: 100, probeTimeoutMs: 200, log: () => {} });
    availability.markDown();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(availability.isDown()).toBe(true);
    expect(ping.mock.calls.length).toBeGreaterThanOrEqual(2);
    availability.close();
  });

  it("stops probing once closed", async () => {
    vi.useFakeTimers();
    const ping = vi.fn(() => Promise.reject(new Error("down")));
    const availability = createAvailability({ ping, probeIntervalMs: 100, log: () => {} });
    availability.markDown();
    availability.close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ping).not.toHaveBeenCalled();
  });
});
