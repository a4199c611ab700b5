// `npx tsx scripts/make-icons.ts`: the web app manifest's icons (ADR 024), drawn from the favicon
// (public/favicon.svg, the brand's green square with its white K) and committed under public/icons:
// 192 and 512 pixels as the favicon draws them, and a 512-pixel maskable icon, whose platform may cut
// it to any shape: the green fills the square and the K stays within the middle 60 % (the safe zone
// is the middle 80 %). Run again only when the favicon changes.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.join(import.meta.dirname, "..");
const favicon = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const glyph = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!glyph) throw new Error("public/favicon.svg has no <path> to draw the maskable icon from");
const brand = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1] ?? "#114a2d";

// The glyph spans x 9–21, y 10–22 of the favicon's 32: centred and scaled to 60 % of the square.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 16) scale(1.6) translate(-15 -16)">${glyph}</g></svg>`;

async function draw(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(root, "public/icons", file));
}

await draw(favicon, 192, "icon-192.png");
await draw(favicon, 512, "icon-512.png");
await draw(maskable, 512, "maskable-512.png");
