// Certificate, its server side: the restaurant page's certificate words (who supervises, as a sentence; its notes), in the page's language.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { bodySentence, certificateNotesOf, type CertificateNotes } from "./notes.server";
