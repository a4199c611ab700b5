// The message files that join two areas, made by the build (scripts/message-bundles.ts).
declare module "virtual:kta-messages/*" {
  import type { Messages } from "./locales/en";

  const messages: Partial<Messages>;
  export default messages;
}
