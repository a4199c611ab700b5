// The pin map as a form shows it: loaded when rendered, so Leaflet (a large library) reaches only the pages
// that draw a pin map. React renders it on the server too (a placeholder until Leaflet starts in the browser).
import { lazy } from "react";

export const PinMap = /* @__PURE__ */ lazy(() => import("./PinMap"));
