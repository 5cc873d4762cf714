/**
 * A real SMTP server on 127.0.0.1 (random free port, any or no credentials, no STARTTLS) that keeps every
 * mail it receives, parsed into { to, subject, text, html }. Used by the server and e2e tests.
 */
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
    (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function collectBodies(part: Part, into: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\n/, '')), into);
    }
    return;
  }
  const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding')).trim();
  if (type.toLowerCase().startsWith('text/html')) into.html ||= decoded;
  else if (type.toLowerCase().startsWith('text/plain')) into.text ||= decoded;
}

export function parseMail(raw: string, to: string[]): CapturedMail {
  const root = splitPart(raw);
  const bodies = { text: '', html: '' };
  collectBodies(root, bodies);
  return { to, subject: decodeWords(root.headers.get('subject') ?? ''), ...bodies, raw };
}

export interface SmtpCapture {
  url: string;
  port: number;
  mails: CapturedMail[];
  /** Resolves with the newest mail to `to` among mails[after..] (default: all), waiting for one if needed. */
  waitForMail(to: string, options?: { timeoutMs?: number; after?: number }): Promise<CapturedMail>;
  /** The 6-digit code of the newest mail to `to` (waits for one when none arrived yet). */
  latestOtp(to: string, options?: { timeoutMs?: number; after?: number }): Promise<string>;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const find = (to: string, after: number) => {
    const wanted = to.trim().toLowerCase();
    for (let i = mails.length - 1; i >= after; i -= 1) {
      const mail = mails[i];
      if (mail?.to.includes(wanted)) return mail;
    }
    return undefined;
  };

  const waitForMail: SmtpCapture['waitForMail'] = (to, options = {}) => {
    const after = options.after ?? 0;
    const found = find(to, after);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const mail = find(to, after);
        if (!mail) return;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no mail to ${to} within ${options.timeoutMs ?? 10_000} ms`));
      }, options.timeoutMs ?? 10_000);
      waiters.add(wake);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail,
    async latestOtp(to, options) {
      const mail = await waitForMail(to, options);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`the mail "${mail.subject}" holds no 6-digit code`);
      return code;
    },
    clear: () => {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
