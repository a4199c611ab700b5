import axe from "axe-core";
import { expect, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Fails on serious or critical accessibility violations (WCAG 2.1 A and AA rules), listing them.
 *
 * axe-core runs in the page itself (`axe.run`), as its own documentation integrates it.
 * @axe-core/playwright's default runs it in pieces and joins the results in a new blank page,
 * which sends axe's 550 kB source to the browser twice and every passing node's details back and
 * forth: 3.5 s a call on the home page against 1 s here, over a hundred calls a suite. The source
 * is sent once per document, so a second check after a client-side navigation costs only the run.
 * The rules, the tags and the violations are axe's own. (Not axe's `resultTypes` option: it trims
 * the passing nodes that some rules' final step counts, and heading-order then reports false
 * violations.)
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  for (const frame of page.frames()) {
    if ((await frame.evaluate(() => typeof (window as { axe?: unknown }).axe)) === "undefined") {
      await frame.evaluate(axe.source);
    }
  }
  const serious = await page.evaluate(async (tags) => {
    const { run } = (window as unknown as { axe: typeof axe }).axe;
    const results = await run(document, { runOnly: { type: "tag", values: tags } });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(" ")}${detailOf(n)}`)
            .join(", ")})`,
      );
    // What axe measured, so that a failure in CI says why without a rerun: the colours and ratio
    // of a contrast failure, and the element's markup.
    function detailOf(node: axe.NodeResult): string {
      const data = [...node.any, ...node.all].map((check) => check.data as Record<string, unknown> | null)[0];
      const measured =
        data && "contrastRatio" in data
          ? ` ${String(data.fgColor)} on ${String(data.bgColor)}, ${String(data.contrastRatio)}:1`
          : "";
      return `${measured} ${node.html.slice(0, 200)}`;
    }
  }, TAGS);
  expect(serious).toEqual([]);
}
