import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { holdDataRequests } from "./hold";

test("a visitor reads the blog and sees no admin controls", async ({ page, browserErrors }) => {
  // The missing post below answers 404, which Chromium logs.
  browserErrors.expect({ text: /status of 404/, url: /\/blog\/s\/no-such-post$/ });
  await page.goto("/blogs");
  await expect(page.getByRole("heading", { level: 1, name: "Kosher Tel Aviv Blog" })).toBeVisible();
  await expect(
    page.getByText("Discover the latest news, guides, and stories about kosher dining in Tel Aviv"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Blog" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: /Understanding Kashrut Certifications/ }).click();
  await expect(page).toHaveURL(/\/blog\/s\/understanding-kashrut-certifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Understanding Kashrut Certifications" })).toBeVisible();
  await expect(page.getByText("January 12, 2024")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Tzohar" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const missing = await page.goto("/blog/s/no-such-post");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Blog not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Blogs" })).toBeVisible();
});

test("the post's title, description and image are in the server HTML", async ({ request }) => {
  const html = await (await request.get("/blog/s/top-5-kosher-restaurants-in-tel-aviv")).text();
  expect(html).toContain("<title>Top 5 Kosher Restaurants in Tel Aviv | Kosher Tel Aviv Blog</title>");
  expect(html).toMatch(/<meta name="description" content="From seaside grills to quiet dairy cafés/);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/images\/blog-top-5\.svg"/);
});

test("an admin writes a post with a generated slug, views it by slug, edits it and deletes it", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  await page.goto("/blogs");
  await page.getByRole("link", { name: "Add Blog" }).click();
  await expect(page.getByRole("heading", { name: "Add New Blog" })).toBeVisible();

  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Please enter a title first")).toBeVisible();
  const title = `Falafel Stands Worth the Line ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Generate" }).click();
  const slug = await page.getByLabel("URL Slug").inputValue();
  expect(slug).toMatch(/^falafel-stands-worth-the-line-\d+$/);
  await page.getByLabel("Subtitle").fill("Three stands, one verdict.");
  await page.getByLabel("Image URL").fill("/images/blog-top-5.svg");
  await expect(page.getByRole("img", { name: "Image preview" })).toBeVisible();
  await page
    .getByLabel("Content")
    .fill(
      "## The stands\n\n- First\n- Second\n\n<script>window.hacked = true</script>\n\n[Map](https://maps.example.com)",
    );
  await expectNoSeriousA11yViolations(page);

  // The draft survives a reload.
  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByRole("button", { name: "Save Blog" }).click();
  await expect(page.getByText("Blog added successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}$/);

  await page.goto(`/blog/s/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "The stands" })).toBeVisible();
  await expect(page.getByText("<script>window.hacked = true</script>")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  await expect(page.getByRole("link", { name: "Map" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByRole("link", { name: "Map" })).toHaveAttribute("target", "_blank");

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Blog" })).toBeVisible();
  await page.getByLabel("Subtitle").fill("Three stands, one clear winner.");
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(page.getByText("Blog updated successfully")).toBeVisible();
  await expect(page.getByText("Three stands, one clear winner.")).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(dialog).toContainText("This action cannot be undone. This will permanently delete the blog post.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByText("Blog deleted successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
});

test("a non-admin is sent to /blogs with the spec's message", async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/blog/add");
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByText("You don't have permission to edit blogs")).toBeVisible();
});

test("going back to the blog list shows 3 skeleton cards while it loads", async ({ page }) => {
  await page.goto("/blog/s/top-5-kosher-restaurants-in-tel-aviv");
  await page.waitForLoadState("networkidle");
  const release = await holdDataRequests(page);
  await page.getByRole("link", { name: "Back to Blogs" }).click();
  await expect(page.getByTestId("blog-skeleton")).toHaveCount(3);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Kosher Tel Aviv Blog" })).toBeVisible();
  await expect(page.getByTestId("blog-skeleton")).toHaveCount(0);
});

test("a restored blog draft can be discarded: the form is blank again and the draft gone", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  await page.goto("/dashboard/blog/add");
  await page.evaluate(() => window.localStorage.removeItem("blog-form-new"));
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("A draft to throw away");
  await page.reload();
  await expect(title).toHaveValue("A draft to throw away");
  const notice = page.getByTestId("draft-notice");
  await expect(notice).toContainText("Your unsaved changes were restored.");
  await notice.getByRole("button", { name: "Discard them" }).click();
  await expect(title).toHaveValue("");
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem("blog-form-new"))).toBeNull();
  await page.reload();
  await expect(title).toHaveValue("");
  await expect(notice).toBeHidden();
});
