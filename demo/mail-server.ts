/**
 * The demo's mail server: a real SMTP server (smtp-server) on loopback that accepts every message
 * sent to it and parses it (mailparser), so that the demo page shows the mailbox and a person can
 * follow the link on another device. Nothing leaves this machine.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the demo page shows it. */
export interface ReceivedMail {
  /** The envelope's recipients: where the host's mailer sent it. */
  to: string[];
  subject: string;
  text: string;
  /** The first link in the text. */
  link: string | null;
}

export interface MailServer {
  /** Where a mailer sends: `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startMailServer(onMail: (mail: ReceivedMail) => void = () => {}): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    // A local catch-all: no login, no TLS on loopback.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? '';
          const mail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text,
            link: /https?:\/\/\S+/.exec(text)?.[0] ?? null,
          };
          messages.push(mail);
          onMail(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
