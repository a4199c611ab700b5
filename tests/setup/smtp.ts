// A real SMTP server on 127.0.0.1 that keeps what it receives, for end-to-end e-mail tests.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A quoted-printable text as it reads (soft line breaks joined, =XX bytes as UTF-8). */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: { predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) };
        messages.push(mail);
        for (const waiter of waiters.splice(0)) {
          if (waiter.predicate(mail)) waiter.resolve(mail);
          else waiters.push(waiter);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no matching e-mail arrived")), timeoutMs);
        waiters.push({
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
