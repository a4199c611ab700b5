import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { pack, type Header } from "tar-stream";
import { isUploadKey, isValidStorageKey } from "../uploads/storage";
import { openGzip, readTar, TarFormatError, writeArchive } from "./tar";
import { craftedTarHeader } from "../../tests/setup/tar";

type Crafted = { header: Partial<Header> & { name: string }; data?: Buffer };

/** A tar (not gzipped) made by tar-stream's own packer, which writes whatever it is told to. */
async function packed(entries: Crafted[]): Promise<Buffer> {
  const archive = pack();
  const parts: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of archive) parts.push(chunk as Buffer);
  })();
  for (const { header, data } of entries) {
    await new Promise<void>((resolve, reject) =>
      archive.entry(header, data ?? Buffer.alloc(0), (error) => (error ? reject(error) : resolve())),
    );
  }
  archive.finalize();
  await collected;
  return Buffer.concat(parts);
}

const file = (name: string, text = "x"): Crafted => ({ header: { name, type: "file" }, data: Buffer.from(text) });

/** Reads every entry, fed in chunks of `chunk` bytes (tar boundaries fall anywhere in a chunk). */
async function readAll(tar: Buffer, chunk = 100): Promise<[string, string][]> {
  async function* chunks() {
    for (let at = 0; at < tar.length; at += chunk) yield tar.subarray(at, at + chunk);
  }
  const read: [string, string][] = [];
  for await (const entry of readTar(chunks())) {
    const parts: Buffer[] = [];
    for await (const part of entry.body()) parts.push(part);
    read.push([entry.name, Buffer.concat(parts).toString("utf8")]);
  }
  return read;
}

const chunkSizes = [1, 100, 512, 1 << 20];

describe("readTar: names", () => {
  it.each(chunkSizes)(
    "passes crafted ../, absolute and backslashed names on exactly as written (fed %i bytes at a time), for callers to refuse",
    async (chunk) => {
      const names = [
        "../x",
        "uploads/../x",
        "uploads/restaurant-images/../../../etc/cron.d/evil",
        "/etc/passwd",
        "./export.json",
        "files\\..\\evil",
        "a//b",
      ];
      const tar = await packed(names.map((name) => file(name, name)));
      expect(await readAll(tar, chunk)).toEqual(names.map((name) => [name, name]));
      // What restore.ts and files.ts hold each name to (after their uploads/ or files/ prefix).
      for (const name of names) {
        expect(isUploadKey(name.replace(/^uploads\//, "")), name).toBe(false);
        expect(isValidStorageKey(name.replace(/^files\//, "")), name).toBe(false);
      }
    },
  );

  it("passes on a name a pax header or a GNU long name gives, ../ included", async () => {
    const long = `uploads/${"d".repeat(120)}/../../x`;
    const tar = await packed([
      file(long),
      file("../ünïcode"),
      { header: { name: "short", type: "file", pax: { path: "../from-pax" } }, data: Buffer.from("p") },
    ]);
    expect((await readAll(tar)).map(([name]) => name)).toEqual([long, "../ünïcode", "../from-pax"]);

    // GNU tar's own long names (an "L" entry holding the name, then the entry).
    const gnuName = `${"g".repeat(150)}/../y`;
    const nameData = Buffer.concat([Buffer.from(gnuName + "\0"), Buffer.alloc(BLOCK - ((gnuName.length + 1) % BLOCK))]);
    const gnu = Buffer.concat([
      craftedTarHeader("././@LongLink", gnuName.length + 1, "L"),
      nameData,
      craftedTarHeader("truncated", 1, "0"),
      block("z"),
      Buffer.alloc(1024),
    ]);
    expect(await readAll(gnu)).toEqual([[gnuName, "z"]]);
  });
});

describe("readTar: entry types", () => {
  const refused: [string, Crafted][] = [
    ["a symlink", { header: { name: "uploads/link", type: "symlink", linkname: "/etc/passwd" } }],
    [
      "a symlink out of the folder",
      { header: { name: "files/restaurant-images/a.webp", type: "symlink", linkname: "../../../../etc/shadow" } },
    ],
    ["a hard link", { header: { name: "uploads/hard", type: "link", linkname: "/etc/passwd" } }],
    ["a character device", { header: { name: "dev/null", type: "character-device", devmajor: 1, devminor: 3 } }],
    ["a block device", { header: { name: "dev/sda", type: "block-device", devmajor: 8 } }],
    ["a FIFO", { header: { name: "fifo", type: "fifo" } }],
    ["a contiguous file", { header: { name: "contiguous", type: "contiguous-file" }, data: Buffer.from("c") }],
  ];

  it.each(refused)("refuses %s, yielding nothing after it", async (_what, entry) => {
    const tar = await packed([file("manifest.json", "{}"), entry, file("after")]);
    const seen: string[] = [];
    const reading = (async () => {
      for await (const read of readTar(Readable.from([tar]))) seen.push(read.name);
    })();
    await expect(reading).rejects.toThrow(TarFormatError);
    await expect(reading).rejects.toThrow(/unsupported entry type/);
    expect(seen).toEqual(["manifest.json"]);
  });

  it("refuses an entry type tar-stream does not know", async () => {
    const tar = Buffer.concat([craftedTarHeader("weird", 0, "D"), Buffer.alloc(1024)]);
    await expect(readAll(tar)).rejects.toThrow(/unsupported entry type "unknown" for weird/);
  });

  it("skips empty directories, and refuses one with data (tar-stream would read its data as headers)", async () => {
    const tar = await packed([{ header: { name: "files", type: "directory" } }, file("files/a")]);
    expect(await readAll(tar)).toEqual([["files/a", "x"]]);
    const smuggling = Buffer.concat([
      craftedTarHeader("dir/", BLOCK, "5"),
      craftedTarHeader("hidden", 1, "0"),
      block("h"),
      Buffer.alloc(1024),
    ]);
    await expect(readAll(smuggling)).rejects.toThrow(/a directory of 512 bytes/);
  });
});

describe("readTar: what a reader never sees", () => {
  it("refuses a pax header or a long name over 1 MB before reading it", async () => {
    const pax = Buffer.concat([craftedTarHeader("PaxHeader", 64 << 20, "x"), Buffer.alloc(BLOCK)]);
    await expect(readAll(pax, 1 << 16)).rejects.toThrow(/a pax header of 67108864 bytes/);
    const long = Buffer.concat([craftedTarHeader("././@LongLink", 2 << 20, "L"), Buffer.alloc(BLOCK)]);
    await expect(readAll(long)).rejects.toThrow(/a long name of 2097152 bytes/);
  });

  it("ends at the end marker: zeros after it are read (up to 1 MB), an entry or anything else after it is refused", async () => {
    const tar = await packed([file("a")]);
    expect(await readAll(Buffer.concat([tar, Buffer.alloc(10240)]))).toEqual([["a", "x"]]);
    await expect(readAll(Buffer.concat([tar, Buffer.alloc(2 << 20)]), 1 << 16)).rejects.toThrow(
      /it goes on after its end marker/,
    );
    const hidden = await packed([file("../hidden")]);
    await expect(readAll(Buffer.concat([tar, hidden]))).rejects.toThrow(/it goes on after its end marker/);
    await expect(readAll(Buffer.concat([tar, Buffer.from("junk"), Buffer.alloc(508)]))).rejects.toThrow(
      /it goes on after its end marker/,
    );
  });

  it("refuses an archive without its end marker, or cut inside an entry, or with a wrong checksum", async () => {
    const tar = await packed([file("a", "y".repeat(1000))]);
    await expect(readAll(tar.subarray(0, tar.length - 1024))).rejects.toThrow(/ends without its end marker/);
    await expect(readAll(tar.subarray(0, 700))).rejects.toThrow(/ends inside an entry/);
    const damaged = Buffer.from(tar);
    damaged[0] = "b".charCodeAt(0);
    await expect(readAll(damaged)).rejects.toThrow(/checksum is wrong/);
  });
});

describe("writeArchive and readTar", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kta-tar-unit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("round-trip files of any size and name, streaming what the reader reads and skipping what it does not", async () => {
    const out = path.join(dir, "round.tar.gz");
    const source = path.join(dir, "source.bin");
    const big = randomBytes(3_000_000);
    writeFileSync(source, big);
    const entries: [string, Buffer][] = [0, 1, 511, 512, 513, 100_000].map((size) => [
      `entry-${size}.bin`,
      randomBytes(size),
    ]);
    entries.push(
      [`uploads/${"d".repeat(150)}/${"f".repeat(120)}.webp`, Buffer.from("long")],
      ["מסעדה/תפריט.pdf", Buffer.from("עברית")],
    );
    const written = await writeArchive(out, async (tar) => {
      for (const [name, data] of entries) await tar.addBuffer(name, data, new Date("2026-01-02T03:04:05Z"));
      await tar.addFile("from-disk.bin", source, big.length, new Date());
      await tar.addFile("head-of-disk.bin", source, 1000, new Date());
    });
    expect(written).toBeGreaterThan(big.length);
    const expected = [
      ...entries,
      ["from-disk.bin", big] as [string, Buffer],
      ["head-of-disk.bin", big.subarray(0, 1000)] as [string, Buffer],
    ];
    const digest = (list: [string, Buffer][]) =>
      list.map(([name, data]) => [name, data.length, createHash("sha256").update(data).digest("hex")]);

    const archive = openGzip(out);
    const read: [string, Buffer][] = [];
    try {
      for await (const entry of readTar(archive)) {
        const parts: Buffer[] = [];
        for await (const chunk of entry.body()) {
          // Streamed: no chunk is the whole of a large entry.
          expect(chunk.length).toBeLessThan(1 << 20);
          parts.push(chunk);
        }
        expect(entry.size).toBe(Buffer.concat(parts).length);
        read.push([entry.name, Buffer.concat(parts)]);
      }
    } finally {
      archive.destroy();
    }
    expect(digest(read)).toEqual(digest(expected));

    // Unread and half-read bodies are skipped.
    const names: string[] = [];
    const again = openGzip(out);
    try {
      for await (const entry of readTar(again)) {
        names.push(entry.name);
        if (entry.name === "from-disk.bin") for await (const _chunk of entry.body()) break;
      }
    } finally {
      again.destroy();
    }
    expect(names).toEqual(expected.map(([name]) => name));
  });

  it("stops early when the reader does, and refuses a file that shrank, leaving nothing behind", async () => {
    const out = path.join(dir, "early.tar.gz");
    await writeArchive(out, async (tar) => {
      for (let i = 0; i < 50; i++) await tar.addBuffer(`n${i}`, randomBytes(50_000), new Date());
    });
    const archive = openGzip(out);
    try {
      for await (const entry of readTar(archive)) {
        expect(entry.name).toBe("n0");
        break;
      }
    } finally {
      archive.destroy();
    }

    const sub = mkdtempSync(path.join(dir, "shrank-"));
    const small = path.join(sub, "small.bin");
    writeFileSync(small, "four");
    await expect(
      writeArchive(path.join(sub, "out.tar.gz"), (tar) => tar.addFile("small.bin", small, 10, new Date())),
    ).rejects.toThrow(/shrank/);
    expect(readdirSync(sub)).toEqual(["small.bin"]);
  });
});

const BLOCK = 512;

/** One data block holding `text`. */
function block(text: string): Buffer {
  const data = Buffer.alloc(BLOCK);
  data.write(text);
  return data;
}
