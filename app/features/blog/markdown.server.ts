// Post content is markdown rendered to HTML on the server. micromark escapes raw HTML (a <script>
// or an onerror= in the text stays text) and drops dangerous link protocols (javascript:).
// Links open in a new tab without giving the other page a handle on ours.
import { micromark } from "micromark";

export function renderMarkdown(content: string): string {
  const html = micromark(content, { allowDangerousHtml: false, allowDangerousProtocol: false });
  // micromark writes every link as `<a href="…">`; nothing else in its output starts that way.
  return html.replace(/<a href="/g, '<a target="_blank" rel="noopener noreferrer" href="');
}
