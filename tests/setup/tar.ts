// Crafted tar entries for the archive tests: what an attacker could put in a backup or export.

/** A ustar header as server/ops/tar.ts writes one, with any type flag, claiming `size` bytes whatever follows it. */
export function craftedTarHeader(name: string, size: number, type = "0"): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, "utf8");
  header.write("0000644\0", 100, "latin1");
  header.write("0000000\0", 108, "latin1");
  header.write("0000000\0", 116, "latin1");
  header.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "latin1");
  header.write("00000000000\0", 136, "latin1");
  header.write(type, 156, "latin1");
  header.write("ustar\u000000", 257, "latin1");
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
  return header;
}
