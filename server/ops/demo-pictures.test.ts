import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { encodeImage } from "../uploads/processing";
import { defaultPictureCacheDir, encodeDemoPicture } from "./demo-pictures";

const SVG = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="100%" height="100%" fill="${fill}"/></svg>`;

const dirs: string[] = [];
function cacheDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kta-demo-pictures-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What the picture is without any cache: rendered, then encoded as an upload. */
async function uncached(svg: string) {
  return encodeImage("photo", await sharp(Buffer.from(svg)).png().toBuffer());
}

describe("demo pictures encoded once and kept", () => {
  it("gives the bytes an upload of the rendered picture gives, first from the encoder and then from the cache", async () => {
    const dir = cacheDir();
    const expected = await uncached(SVG("#7c2d12"));
    expect(expected.map((variant) => variant.width)).toEqual([400, 800]);

    const first = await encodeDemoPicture(SVG("#7c2d12"), "photo", dir);
    expect(first).toEqual(expected);
    const entries = readdirSync(dir);
    expect(entries).toHaveLength(1);

    // The entry is what the second call returns: change its WebP bytes (same length) and the change shows.
    const file = path.join(dir, entries[0]!);
    const bytes = readFileSync(file);
    const marked = Buffer.from(bytes);
    marked[marked.length - 1] = marked[marked.length - 1]! ^ 0xff;
    writeFileSync(file, marked);
    const second = await encodeDemoPicture(SVG("#7c2d12"), "photo", dir);
    expect(second.map((variant) => variant.width)).toEqual([400, 800]);
    expect(
      Buffer.concat(second.map((variant) => variant.data)).equals(Buffer.concat(expected.map((v) => v.data))),
    ).toBe(false);
  });

  it("keeps another picture, or the same one as another kind, apart", async () => {
    const dir = cacheDir();
    await encodeDemoPicture(SVG("#14532d"), "photo", dir);
    await encodeDemoPicture(SVG("#1e3a8a"), "photo", dir);
    await encodeDemoPicture(SVG("#1e3a8a"), "menu", dir);
    expect(readdirSync(dir)).toHaveLength(3);
    expect(await encodeDemoPicture(SVG("#1e3a8a"), "photo", dir)).toEqual(await uncached(SVG("#1e3a8a")));
  });

  it("encodes again over an entry that is cut short or not an entry, and mends it", async () => {
    const dir = cacheDir();
    const expected = await uncached(SVG("#581c87"));
    await encodeDemoPicture(SVG("#581c87"), "photo", dir);
    const file = path.join(dir, readdirSync(dir)[0]!);
    const whole = readFileSync(file);

    for (const broken of [whole.subarray(0, whole.length - 10), Buffer.from("not an entry"), Buffer.alloc(0)]) {
      writeFileSync(file, broken);
      expect(await encodeDemoPicture(SVG("#581c87"), "photo", dir)).toEqual(expected);
      expect(readFileSync(file).equals(whole)).toBe(true);
    }
  });

  it("works without a cache folder, and where the folder cannot be made", async () => {
    const expected = await uncached(SVG("#7f1d1d"));
    expect(await encodeDemoPicture(SVG("#7f1d1d"), "photo", null)).toEqual(expected);
    const dir = cacheDir();
    const blocker = path.join(dir, "a-file");
    writeFileSync(blocker, "");
    expect(await encodeDemoPicture(SVG("#7f1d1d"), "photo", path.join(blocker, "cache"))).toEqual(expected);
  });

  it("lives in node_modules/.cache, and nowhere without node_modules", () => {
    const dir = cacheDir();
    expect(defaultPictureCacheDir(dir)).toBeNull();
    expect(defaultPictureCacheDir(process.cwd())).toBe(
      path.join(process.cwd(), "node_modules", ".cache", "kosher-tel-aviv", "demo-pictures"),
    );
  });
});
