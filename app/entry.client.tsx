// The browser's entry: React Router's default, after loading the page's messages (ADR 012). The
// server rendered the page with every message; the browser has none until the page language's
// areas arrive, and hydrating without them would replace the text with keys. Should they not
// arrive (the network dropped), the page stays as the server drew it, which works without scripts.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessagesFor } from "./page-messages";

await loadMessagesFor(window.location.pathname);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
