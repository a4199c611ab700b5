// QR codes drawn on the server (no third-party service sees the secret): one SVG path, black
// modules on white, with the quiet zone scanners expect.
import { encode } from "uqr";

export interface QrCode {
  /** Width and height in modules, quiet zone included. */
  size: number;
  /** SVG path data: one rectangle per horizontal run of dark modules. */
  path: string;
}

export function qrCode(text: string): QrCode {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (x + run < size && row[x + run]) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return { size, path };
}
