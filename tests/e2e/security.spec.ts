// Forms that change something keep working without JavaScript under the cross-site guard: the
// browser says where they come from (Sec-Fetch-Site, Origin), and a signed-in write needs that.
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../server/demo-data";

test("without JavaScript, signing in and saving the account form (a signed-in write) work, in Hebrew too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/he/login");
  await page.getByLabel("אימייל").fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel("סיסמה", { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole("button", { name: "התחברות" }).click();
  await expect(page).toHaveURL(/\/he\/dashboard$/);

  await page.goto("/he/account");
  const phone = `03-555${String(Date.now()).slice(-4)}`;
  await page.getByLabel("מספר טלפון").fill(phone);
  await page.getByRole("button", { name: "שמירת שינויים" }).click();
  await expect(page.getByText("הפרטים נשמרו.")).toBeVisible();
  await page.goto("/he/account");
  await expect(page.getByLabel("מספר טלפון")).toHaveValue(phone);
  await context.close();
});
