// The Hebrew catalogue, in the same two areas as the English one (ADR 012).
import type { Messages } from "./en";
import { heManage } from "./he/manage";
import { heSite } from "./he/site";

/** Every Hebrew message, for the server and the tests; the browser loads an area at a time. */
export const he: Messages = { ...heSite, ...heManage };
