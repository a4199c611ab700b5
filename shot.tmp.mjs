import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"] });
const errors = [];
async function shot(url, out, w, h, action) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on("console", (m) => { if (m.type() === "error") errors.push(url + " " + m.text()); });
  await page.goto(url, { waitUntil: "networkidle" });
  if (action) await action(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  await page.close();
}
await shot("http://127.0.0.1:3112/he/nothing-here", "/tmp/he404.png", 1024, 700);
await shot("http://127.0.0.1:3112/he", "/tmp/hedrawer.png", 390, 700, (p) => p.getByRole("button", { name: "פתיחת תפריט" }).click());
await shot("http://127.0.0.1:3112/he", "/tmp/hefooter.png", 1024, 600, (p) => p.evaluate(() => window.scrollTo(0, document.body.scrollHeight)));
console.log("errors", errors);
await browser.close();
