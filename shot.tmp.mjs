import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"] });
const errors = [];
const jobs = JSON.parse(process.argv[2]);
for (const [url, out, w, h, full] of jobs) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on("console", (m) => { if (m.type() === "error") errors.push(url + " " + m.text()); });
  page.on("pageerror", (e) => errors.push(url + " " + e));
  await page.goto("http://127.0.0.1:3112" + url, { waitUntil: "networkidle" });
  await page.waitForTimeout(300);
  await page.screenshot({ path: out, fullPage: !!full });
  await page.close();
}
console.log("errors", errors);
await browser.close();
