import { describe, expect, it } from "vitest";
import { warmRenders } from "./warm-renders";

/** A render that takes `ms` on a fake clock and answers `status` for the paths in `failing`. */
function fakePages(ms: number, failing: readonly string[] = []) {
  let clock = 0;
  const rendered: string[] = [];
  const render = async (path: string) => {
    rendered.push(path);
    clock += ms;
    return new Response("<!doctype html>", { status: failing.includes(path) ? 500 : 200 });
  };
  return { render, rendered, now: () => clock };
}

describe("warming the renders before the port opens", () => {
  it("renders the paths in turn, as many times as allowed", async () => {
    const pages = fakePages(10);
    const renders = await warmRenders(pages.render, ["/", "/he"], { maxRenders: 5, budgetMs: 1_000 }, pages.now);
    expect(renders).toBe(5);
    expect(pages.rendered).toEqual(["/", "/he", "/", "/he", "/"]);
  });

  it("starts no render once its time is spent: a large directory renders slower", async () => {
    const pages = fakePages(400);
    const renders = await warmRenders(pages.render, ["/", "/he"], { maxRenders: 60, budgetMs: 1_000 }, pages.now);
    expect(renders).toBe(3);
  });

  it("stops at a page that does not render, and with no paths renders nothing", async () => {
    const failing = fakePages(10, ["/he"]);
    expect(await warmRenders(failing.render, ["/", "/he"], { maxRenders: 60, budgetMs: 1_000 }, failing.now)).toBe(2);
    expect(failing.rendered).toEqual(["/", "/he"]);
    const none = fakePages(10);
    expect(await warmRenders(none.render, [], { maxRenders: 60, budgetMs: 1_000 }, none.now)).toBe(0);
  });
});
