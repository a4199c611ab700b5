import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cardsPage } from "../../tests/setup/cards-page";
import { densify, precompress } from "./precompressed";

const body = (variant: number) => precompress(Buffer.from(cardsPage(variant)));

describe("densify", () => {
  it("skips a body no longer wanted when its turn comes, and goes on with the next", async () => {
    const [dropped, kept] = [body(0), body(1)];
    const applied: string[] = [];
    let wanted = true;
    // The first is made while the second waits; the second is given up in the meantime.
    const first = new Promise<void>((resolve) =>
      densify(body(2), () => {
        wanted = false;
        resolve();
      }),
    );
    let asked = 0;
    densify(
      dropped,
      () => applied.push("dropped"),
      () => {
        asked++;
        return wanted;
      },
    );
    const last = new Promise<Buffer>((resolve) => densify(kept, resolve));
    await first;
    const dense = await last;
    // Asked once, when its turn came (after the first was made), and given up then.
    expect(asked).toBe(1);
    expect(applied).toEqual([]);
    expect(dense.length).toBeLessThan(kept.br!.length);
    expect(brotliDecompressSync(dense)).toEqual(kept.raw);
  });
});
