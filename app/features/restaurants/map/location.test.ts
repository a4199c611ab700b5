import { describe, expect, it } from "vitest";
import { byDistance, distanceMeters, formatDistance } from "./distance";
import { coordinatesFromLink, inIsrael, TEL_AVIV } from "../core/location";

describe("coordinatesFromLink", () => {
  it.each([
    ["Waze ll=", "https://waze.com/ul?ll=32.0779,34.7741&navigate=yes", { lat: 32.0779, lng: 34.7741 }],
    [
      "Waze ll= with an encoded comma",
      "https://www.waze.com/ul?ll=32.0779%2C34.7741&navigate=yes&zoom=17",
      { lat: 32.0779, lng: 34.7741 },
    ],
    [
      "Waze live map to=ll.",
      "https://www.waze.com/live-map/directions?to=ll.32.06853%2C34.77012",
      { lat: 32.06853, lng: 34.77012 },
    ],
    ["Google Maps @lat,lng,zoom", "https://www.google.com/maps/@32.0853,34.7818,17z", { lat: 32.0853, lng: 34.7818 }],
    [
      "Google Maps place: the pin, not the view",
      "https://www.google.com/maps/place/Dizengoff+Square/@32.0780,34.7700,16z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d32.0779!4d34.7741",
      { lat: 32.0779, lng: 34.7741 },
    ],
    ["Google Maps q=lat,lng", "https://maps.google.com/?q=32.0712,34.7633", { lat: 32.0712, lng: 34.7633 }],
    [
      "Google Maps search api query=",
      "https://www.google.com/maps/search/?api=1&query=32.1%2C34.8",
      { lat: 32.1, lng: 34.8 },
    ],
    [
      "Google directions destination=",
      "https://www.google.com/maps/dir/?api=1&destination=31.7767,35.2345",
      { lat: 31.7767, lng: 35.2345 },
    ],
    ["a bare domain is no link", "waze.com/ul?ll=32.1,34.8", null],
    ["Waze address search", "https://waze.com/ul?q=12%20Dizengoff%20St%20Tel%20Aviv", null],
    ["Google place by name only", "https://www.google.com/maps/place/Dizengoff+Square", null],
    ["a short link", "https://maps.app.goo.gl/AbCdEf123", null],
    ["numbers out of range", "https://maps.google.com/?q=132.1,34.8", null],
    ["not a link", "32.0779,34.7741", null],
  ])("%s", (_name, link, expected) => {
    expect(coordinatesFromLink(link)).toEqual(expected);
  });
});

describe("inIsrael", () => {
  it("accepts Tel Aviv, Eilat and Metula and refuses Cyprus, Cairo and swapped coordinates", () => {
    expect(inIsrael(TEL_AVIV)).toBe(true);
    expect(inIsrael({ lat: 29.5577, lng: 34.9519 })).toBe(true);
    expect(inIsrael({ lat: 33.2773, lng: 35.5784 })).toBe(true);
    expect(inIsrael({ lat: 35.1264, lng: 33.4299 })).toBe(false);
    expect(inIsrael({ lat: 30.0444, lng: 31.2357 })).toBe(false);
    expect(inIsrael({ lat: 34.7741, lng: 32.0779 })).toBe(false);
  });
});

describe("distances", () => {
  it("measures city distances within a few metres", () => {
    // Dizengoff Square to Rabin Square: about 750 m as the crow flies.
    const rabin = { lat: 32.0809, lng: 34.7806 };
    expect(distanceMeters(TEL_AVIV, rabin)).toBeGreaterThan(690);
    expect(distanceMeters(TEL_AVIV, rabin)).toBeLessThan(730);
    expect(distanceMeters(TEL_AVIV, TEL_AVIV)).toBe(0);
    // One degree of latitude along a meridian: the mean Earth radius times π/180.
    expect(distanceMeters({ lat: 32, lng: 34.8 }, { lat: 33, lng: 34.8 })).toBeCloseTo(111_195, 0);
  });

  it.each([
    [0, "10 m", "10 מ׳"],
    [347, "350 m", "350 מ׳"],
    [994, "990 m", "990 מ׳"],
    [996, "1 km", "1 ק״מ"],
    [2_149, "2.1 km", "2.1 ק״מ"],
    [9_960, "10 km", "10 ק״מ"],
    [12_400, "12 km", "12 ק״מ"],
  ])("formats %i m as %s and %s", (meters, en, he) => {
    expect(formatDistance(meters, "en")).toBe(en);
    expect(formatDistance(meters, "he")).toBe(he);
  });

  it("sorts nearest first and leaves places without a location at the end, in their order", () => {
    type Place = { id: string; location?: { lat: number; lng: number } };
    const far: Place = { id: "far", location: { lat: 32.1, lng: 34.8 } };
    const near: Place = { id: "near", location: { lat: 32.078, lng: 34.7742 } };
    const none1: Place = { id: "none1" };
    const none2: Place = { id: "none2" };
    expect(byDistance([none1, far, none2, near], TEL_AVIV).map((item) => item.id)).toEqual([
      "near",
      "far",
      "none1",
      "none2",
    ]);
  });
});
