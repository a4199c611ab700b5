// The alerts' entry in the services every loader gets (as app/features/restaurants/core/types.ts adds
// the restaurant list): the unsubscribe links' signer, made by the server with its secret.
import type { AlertTokens } from "./token.server";

declare module "../../../lib/context" {
  interface AppServices {
    /** Signs and checks the unsubscribe links of the alerts' e-mails. */
    alertTokens: AlertTokens;
  }
}

export {};
