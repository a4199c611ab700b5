// The server holds every message of both languages (ADR 012): it renders any page, and the texts
// of e-mails and plain answers. Imported for its effect by the server's entry points.
import { en } from "../../locales/en";
import { he } from "../../locales/he";
import { addMessages } from "./messages";

addMessages("en", en);
addMessages("he", he);
