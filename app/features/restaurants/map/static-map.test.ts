import { describe, expect, it } from "vitest";
import { staticMap, tileUrl, worldPixel } from "./static-map";

describe("the restaurant page's tile map", () => {
  it("places points as Web Mercator does: the world's centre, its corners, and Tel Aviv's tile", () => {
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const corner = worldPixel({ lat: 85.0511287798, lng: -180 }, 1);
    expect(corner.x).toBe(0);
    expect(corner.y).toBeCloseTo(0, 3);
    // Dizengoff Square at zoom 16 is in tile 16/39098/26597 (by the OpenStreetMap wiki's formula, asinh(tan(lat))).
    const square = worldPixel({ lat: 32.0779, lng: 34.7741 }, 16);
    expect([Math.floor(square.x / 256), Math.floor(square.y / 256)]).toEqual([39098, 26597]);
  });

  it("fills the frame with tiles around the place, the place at the frame's centre", () => {
    const map = staticMap({ lat: 32.0779, lng: 34.7741 }, "https://tiles.example/{z}/{x}/{y}.png", {
      zoom: 16,
      width: 640,
      height: 180,
    });
    // 640 px wide needs three or four columns; 180 px high one or two rows.
    expect(map.tiles.length).toBeGreaterThanOrEqual(3);
    expect(map.tiles.length).toBeLessThanOrEqual(8);
    const rightmost = Math.max(...map.tiles.map((tile) => tile.left)) + 256;
    const lowest = Math.max(...map.tiles.map((tile) => tile.top)) + 256;
    expect(map.center.x - 320).toBeGreaterThanOrEqual(0);
    expect(map.center.x + 320).toBeLessThanOrEqual(rightmost);
    expect(map.center.y - 90).toBeGreaterThanOrEqual(0);
    expect(map.center.y + 90).toBeLessThanOrEqual(lowest);
    expect(map.tiles).toContainEqual(expect.objectContaining({ url: "https://tiles.example/16/39098/26597.png" }));
  });

  it("fills the template's parts", () => {
    expect(tileUrl("https://t.example/{z}/{x}/{y}.png?key=1", 3, 4, 5)).toBe("https://t.example/3/4/5.png?key=1");
  });
});
