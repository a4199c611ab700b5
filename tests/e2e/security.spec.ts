// Forms that change something keep working without JavaScript under the cross-site guard: the
// browser says where they come from (Sec-Fetch-Site, Origin), and a signed-in write needs that.
// (Signing in through the form without JavaScript is covered in accounts.spec.ts.)
import { expect, test } from "./fixtures";

test("without JavaScript, saving the account form (a signed-in write) works, in Hebrew too", async ({
  browser,
  signedInAs,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedInAs("admin", { context });
  const page = await context.newPage();
  await page.goto("/he/dashboard");
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
