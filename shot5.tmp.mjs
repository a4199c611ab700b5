import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
await page.goto("http://127.0.0.1:3113/blogs", { waitUntil: "networkidle" });
await page.screenshot({ path: "/tmp/blogs.png" });
const m = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
await m.goto("http://127.0.0.1:3113/blog/s/understanding-kashrut-certifications", { waitUntil: "networkidle" });
await m.screenshot({ path: "/tmp/post.png", fullPage: true });
await browser.close();
