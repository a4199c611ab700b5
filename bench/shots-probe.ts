// Throwaway: screenshots of issue 29's pages (not committed).
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./filter-latency";

const base = process.env.BASE ?? "http://127.0.0.1:3556";
const out = "/tmp/shots";
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
async function shoot(name: string, path: string, width: number, login?: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (login) {
    await page.goto(`${base}/login`);
    await page.fill('input[name="email"]', login.email);
    await page.fill('input[name="password"]', login.password);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/login")), page.click('button[type="submit"]')]);
  }
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  console.log(name, width, "scrollWidth", wide);
  await context.close();
}
const admin = { email: "demo-admin@kosher-tel-aviv.test", password: "demo-admin-2026" };
const pages: [string, string, typeof admin | undefined][] = (process.env.PAGES ?? "")
  .split(",")
  .filter(Boolean)
  .map((entry) => {
    const [name, path, who] = entry.split("|");
    return [name!, path!, who === "admin" ? admin : undefined];
  });
for (const width of [360, 1280]) for (const [name, path, who] of pages) await shoot(name, path, width, who);
await browser.close();
