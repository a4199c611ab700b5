// What the browser is sent must not include GPL code (ADR 016): @hebcal/core computes Shabbat and
// Yom Tov on the server only. Reads the client build the suite runs against (scripts/ensure-build).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const assets = path.resolve("build/client/assets");

describe("the client build", () => {
  it("holds no @hebcal code (GPL-2.0), nor any file that says it is under the GPL", () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(10);
    const offending = scripts.filter((name) =>
      /hebcal|GNU General Public License|GPLv2|GPL-2\.0/i.test(readFileSync(path.join(assets, name), "utf8")),
    );
    expect(offending).toEqual([]);
  });
});
