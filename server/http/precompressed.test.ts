import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { densify, precompress } from "./precompressed";

// Like a page of cards (markup that repeats around text that does not): its densest brotli is smaller.
const words = ["Olive", "Cedar", "Lemon", "Harbor", "Garden", "זית", "ארז", "לימון", "Grill", "Sushi", "Cafe"];
const body = (n: number) =>
  precompress(
    Buffer.from(
      `<ul>${Array.from({ length: 300 }, (_, i) => `<li class="card border p-4"><a href="/en/restaurant/place-${(i * 7919 + n) % 1000}">${words[(i * 7 + n) % words.length]} ${words[(i * i) % words.length]} ${i * 13}</a></li>`).join("")}</ul>`,
    ),
  );

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
    densify(
      dropped,
      () => applied.push("dropped"),
      () => wanted,
    );
    const last = new Promise<Buffer>((resolve) => densify(kept, resolve));
    await first;
    const dense = await last;
    expect(applied).toEqual([]);
    expect(dense.length).toBeLessThan(kept.br!.length);
    expect(brotliDecompressSync(dense)).toEqual(kept.raw);
  });
});
