// How a restore hands a PostgreSQL dump to psql (restrictedDump, server/ops/backup/pg-tools.ts): pg_dump's own
// \restrict and \unrestrict lines taken out, and a dump in which psql could meet another
// \unrestrict refused, whichever way the stream is cut into chunks. psql itself is exercised in
// tests/integration/backup.test.ts (the PostgreSQL run).
import { describe, expect, it } from "vitest";
import { restrictedDump } from "./pg-tools";

async function* chunked(data: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let start = 0; start < data.length; start += size) yield data.subarray(start, start + size);
}

async function filter(text: string, size: number): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of restrictedDump(chunked(Buffer.from(text), size), (why) => new Error(why))) parts.push(part);
  return Buffer.concat(parts).toString();
}

/** Every chunk size up to 40 bytes, then a few larger ones (and the whole text at once). */
const SIZES = [...Array.from({ length: 40 }, (_, index) => index + 1), 64, 1000, 4096, 1 << 20];

const KEY = "tqKEawhguCZTroFooXaobWAYPbZ35F6SMzZDejBGeQODRiNffzcldP66Veca4jT";

describe("restrictedDump", () => {
  it("takes out exactly pg_dump's own \\restrict and \\unrestrict lines, whatever the chunks", async () => {
    const kept = [
      "--",
      "-- PostgreSQL database dump",
      "--",
      "",
      "SET statement_timeout = 0;",
      // COPY rows double their backslashes: a value "\restrict abc" is never pg_dump's line.
      "COPY public.notes (body) FROM stdin;",
      "\\\\restrict abc",
      "line\\nwith\\\\unrestrict x",
      "\\.",
      // Not exactly `\restrict KEY` or `\unrestrict KEY`: passed on (psql refuses them in restricted mode).
      "\\restrictive abc",
      "\\restrict",
      "\\restrict ",
      "\\restrict abc def",
      "\\restrict ab-c",
      "\\restrict abc ",
      "\\restrict abc\r",
      " \\restrict abc",
      "x\\restrict abc",
      `\\restrict ${"a".repeat(2000)}`,
      "\\res",
      "",
    ];
    const dump = [
      "--",
      "-- PostgreSQL database dump",
      "--",
      "",
      `\\restrict ${KEY}`,
      ...kept.slice(4),
      `\\unrestrict ${KEY}`,
      "",
      "-- end",
    ].join("\n");
    const expected = [...kept, "", "-- end"].join("\n");
    for (const size of SIZES) expect(await filter(dump, size), `chunks of ${size}`).toBe(expected);
    // The last line may end without a newline.
    for (const size of SIZES)
      expect(await filter(`select 1;\n\\unrestrict ${KEY}`, size), `chunks of ${size}`).toBe("select 1;\n");
    for (const size of SIZES)
      expect(await filter("select 1;\n\\unrest", size), `chunks of ${size}`).toBe("select 1;\n\\unrest");
  });

  it("refuses a dump in which psql could read \\unrestrict elsewhere, whatever the chunks", async () => {
    const refused = [
      "\\unrestrict `touch /tmp/x`\n",
      "select 1; \\unrestrict `touch /tmp/x`\n",
      "select 'a\\'\\unrestrict `touch /tmp/x`\n",
      "\\\\\\unrestrict abc\n",
      `\\unrestrict ${KEY} \n`,
      `select 1;\n\\unrestrict ${KEY}x y`,
    ];
    for (const text of refused) {
      for (const size of SIZES) {
        await expect(
          filter(`select 0;\n${text}select 2;\n`, size),
          `${JSON.stringify(text)} in chunks of ${size}`,
        ).rejects.toThrow("its database dump holds a psql \\unrestrict command besides pg_dump's own lines");
      }
    }
    // An even run of backslashes is data (a COPY row's "\\unrestrict") or psql's `\\`, which restricted mode refuses.
    const kept = [
      "\\\\unrestrict abc\n",
      "x\\\\unrestrict `y`\n",
      "unrestrict\n",
      "\\\\\\\\unrestrict\n",
      "\\unrestric\n",
      "\\u\\nrestrict\n",
    ];
    for (const text of kept) {
      for (const size of SIZES)
        expect(await filter(text, size), `${JSON.stringify(text)} in chunks of ${size}`).toBe(text);
    }
  });
});
