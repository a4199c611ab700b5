// Message files that join two areas (ADR 012's update of 2026-11-30), for the build and the tests.
//
// The home page shows the `site` area's words and the `directory` area's (its search, filters,
// results and map); a restaurant page the `site` area's and the `restaurant` area's. Fetched as two files, they cost a first visit one more request and its headers,
// and brotli compresses two short files worse than one: about 500 B more than one file holding
// both. A module cannot live in two chunks, so `virtual:kta-messages/<language>/site+<area>` is
// one module holding both areas' words: in the browser's build written out as a literal (so the
// file holds every word itself and `site` keeps its own file for the other pages); elsewhere (the
// development server, the tests) importing the two areas, so an edited word shows at once.
import path from "node:path";
import type { Plugin } from "vite";
import { enDirectory } from "../app/locales/en/directory.ts";
import { enSite } from "../app/locales/en/site.ts";
import { enRestaurant } from "../app/locales/en/restaurant.ts";
import { heDirectory } from "../app/locales/he/directory.ts";
import { heRestaurant } from "../app/locales/he/restaurant.ts";
import { heSite } from "../app/locales/he/site.ts";

const PREFIX = "virtual:kta-messages/";
const WORDS = {
  en: { site: enSite, directory: enDirectory, restaurant: enRestaurant },
  he: { site: heSite, directory: heDirectory, restaurant: heRestaurant },
} as const;
/** The export each area's module names (`enSite`, `heDirectory`…). */
const exportName = (language: string, area: string) => `${language}${area.charAt(0).toUpperCase()}${area.slice(1)}`;

export function messageBundles(): Plugin {
  let build = false;
  return {
    name: "kta:message-bundles",
    configResolved(config) {
      build = config.command === "build";
    },
    resolveId: (source) => (source.startsWith(PREFIX) ? `\0${source}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [language, joined] = id.slice(PREFIX.length + 1).split("/");
      if (language !== "en" && language !== "he") throw new Error(`No messages in ${language}: ${id}`);
      const areas = (joined ?? "").split("+");
      if (!areas.every((area): area is keyof (typeof WORDS)["en"] => area in WORDS[language]))
        throw new Error(`No such message areas: ${id}`);
      if (build)
        return `export default ${JSON.stringify(Object.assign({}, ...areas.map((area) => WORDS[language][area])))};`;
      const file = (area: string) => path.resolve(import.meta.dirname, "../app/locales", language, `${area}.ts`);
      return [
        ...areas.map((area) => `import { ${exportName(language, area)} } from ${JSON.stringify(file(area))};`),
        `export default { ${areas.map((area) => `...${exportName(language, area)}`).join(", ")} };`,
      ].join("\n");
    },
  };
}
