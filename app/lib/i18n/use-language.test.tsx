import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isolatedMessage } from "./use-language";

describe("isolatedMessage", () => {
  it("isolates each value in its own <bdi> and keeps the sentence around it", () => {
    const html = renderToStaticMarkup(
      <p>{isolatedMessage("שעות פתיחה: {hours}. {name} מחכה", { hours: "12:00-23:00", name: "Café <Noir>" })}</p>,
    );
    expect(html).toBe("<p>שעות פתיחה: <bdi>12:00-23:00</bdi>. <bdi>Café &lt;Noir&gt;</bdi> מחכה</p>");
  });

  it("leaves a placeholder without a value as written", () => {
    expect(renderToStaticMarkup(<p>{isolatedMessage("{a} and {b}", { a: 1 })}</p>)).toBe("<p><bdi>1</bdi> and {b}</p>");
  });
});
