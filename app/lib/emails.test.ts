import { expect, it, vi } from "vitest";
import { enSite } from "../locales/en/site";
import { heSite } from "../locales/he/site";

it("names the site when an e-mail is written, even if the messages arrived after this module loaded (issue 26)", async () => {
  // Route modules import this one, so it may load before the catalogue is filled; a name read at
  // load time would stay "brand.name".
  vi.resetModules();
  const messages = await import("./i18n/messages");
  const emails = await import("./emails");
  messages.addMessages("en", enSite);
  messages.addMessages("he", heSite);
  const { text, html } = emails.verificationEmail("https://example.org/verify");
  for (const body of [text, html]) {
    expect(body).toContain(enSite["brand.name"]);
    expect(body).toContain(heSite["brand.name"]);
    expect(body).not.toContain("brand.name");
  }
});
