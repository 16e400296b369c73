import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  /** The SMTP envelope. */
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  /** Header name (lower-case) to its unfolded value. */
  headers: Map<string, string>;
  html: string;
  text: string;
};

export type SmtpInbox = {
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedEmail[];
  /** The emails sent to this address (case-insensitive). */
  to: (address: string) => ReceivedEmail[];
  close: () => Promise<void>;
};

const USER = 'site';
const PASSWORD = 'relay-secret';

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

type Part = { headers: Map<string, string>; body: string };

/** The leaf parts of a MIME message (multipart/alternative, possibly nested). */
function leafParts(headers: Map<string, string>, body: string): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [{ headers, body: decodeBody(body, headers.get('content-transfer-encoding')) }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => {
      const trimmed = chunk.replace(/^\r\n/, '').replace(/\r\n$/, '');
      const split = trimmed.indexOf('\r\n\r\n');
      return leafParts(parseHeaders(trimmed.slice(0, split)), trimmed.slice(split + 4));
    });
}

/** Reads a message as an SMTP server receives it (CRLF line ends). */
export function readEmail(raw: string): Pick<ReceivedEmail, 'headers' | 'html' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const parts = leafParts(headers, raw.slice(split + 4));
  const ofType = (type: string) =>
    parts.find((part) => (part.headers.get('content-type') ?? '').startsWith(type))?.body ?? '';
  // Line ends back to the sender's \n (the wire and .eml files use CRLF).
  const normalised = (type: string) => ofType(type).replace(/\r\n/g, '\n');
  return { headers, html: normalised('text/html'), text: normalised('text/plain') };
}

export type SmtpInboxOptions = {
  /** Answers RCPT TO for the address: null accepts it; a code (e.g. 451, 550) refuses it with the message. */
  answerRecipient?: (address: string) => { code: number; message: string } | null;
  /** Waits this long before accepting each message's data (a slow relay). */
  dataDelayMs?: number;
};

/** A real SMTP server on 127.0.0.1 (any free port) that requires the login in `url` and keeps every message. */
export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const answer = options.answerRecipient?.(address.address);
      if (!answer) return callback();
      const error = new Error(answer.message) as Error & { responseCode: number };
      error.responseCode = answer.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...readEmail(raw),
        });
        if (options.dataDelayMs) setTimeout(() => callback(), options.dataDelayMs);
        else callback();
      });
    },
  });
  // A client that dies mid-session (a killed server) resets its connection: not the inbox's problem.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    received,
    to: (address) =>
      received.filter((email) => email.rcptTo.some((rcpt) => rcpt.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
