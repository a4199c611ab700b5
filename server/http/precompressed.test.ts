import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cardsPage } from "../../tests/setup/cards-page";
import { chooseEncoding, densify, precompress } from "./precompressed";

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

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, else none, whatever the order of the headers read before", () => {
    const headers = ["gzip, deflate, br, zstd", "gzip", "identity", "", "br;q=1, gzip;q=0.8", "gzip", "deflate"];
    const expected = ["br", "gzip", null, null, "br", "gzip", null];
    // Twice over, so every answer also follows a different header (the last one is remembered).
    for (const _round of [1, 2]) expect(headers.map((header) => chooseEncoding(header))).toEqual(expected);
    expect(chooseEncoding("gzip, br", (encoding) => encoding === "gzip")).toBe("gzip");
    expect(chooseEncoding("br", (encoding) => encoding === "gzip")).toBeNull();
  });
});
