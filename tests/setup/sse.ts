// Reads a server-sent-events stream until some text arrives (or a timeout).
export interface EventStream {
  /** Resolves with everything read so far once it contains `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<string>;
  close(): void;
}

export async function openEventStream(url: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: "text/event-stream" } });
  if (!response.ok || !response.body) throw new Error(`stream ${url} answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = "";
  let waiters: { text: string; resolve: (all: string) => void }[] = [];
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
        waiters = waiters.filter((w) => {
          if (!received.includes(w.text)) return true;
          w.resolve(received);
          return false;
        });
      }
    } catch {
      // aborted
    }
  })();
  return {
    waitFor(text, timeoutMs = 10_000) {
      if (received.includes(text)) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${text}" within ${timeoutMs} ms; got:\n${received}`)),
          timeoutMs,
        );
        waiters.push({
          text,
          resolve: (all) => {
            clearTimeout(timer);
            resolve(all);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
}
