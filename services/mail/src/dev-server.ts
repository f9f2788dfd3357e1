/**
 * The local mail server of the embedded default: a real SMTP server (smtp-server, the SMTP library of
 * nodemailer's author) that keeps what it receives in memory, and a web inbox to read it. `npm start` runs
 * it when no SMTP_URL is set, so a person trying the product reads the mail it sends; the e2e suites read
 * the same inbox through its JSON (GET /api/messages). Both listen on loopback only, on the ports the config
 * names (MAIL_DEV_SMTP_PORT, MAIL_DEV_INBOX_PORT). Messages are parsed with mailparser; the last 500 are kept.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { renderInboxList, renderInboxMessage } from './inbox-page.js';
import { linksOf, type ReceivedMail } from './received-mail.js';

export type { ReceivedMail } from './received-mail.js';

export interface DevMailServer {
  smtpPort: number;
  inboxPort: number;
  /** the web inbox, e.g. http://127.0.0.1:1080 */
  inboxUrl: string;
  messages(): ReceivedMail[];
  /** resolves with the first mail (newest first) that matches, waiting for it up to timeoutMs */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

const KEEP = 500;

export async function startDevMailServer(options: { host?: string; smtpPort: number; inboxPort: number }): Promise<DevMailServer> {
  const host = options.host ?? '127.0.0.1';
  const store: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let counter = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'studio local mail server',
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          counter += 1;
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          store.unshift({
            id: String(counter),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to,
            subject: parsed.subject ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            text,
            html,
            links: linksOf(text, html),
          });
          store.length = Math.min(store.length, KEEP);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const inbox: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://inbox');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
      response.end(body);
    };
    if (url.pathname === '/api/messages' && request.method === 'GET') return send(200, 'application/json', JSON.stringify(store));
    if (url.pathname === '/api/messages' && request.method === 'DELETE') {
      store.length = 0;
      return send(204, 'text/plain', '');
    }
    const htmlOf = /^\/messages\/(\d+)\/html$/.exec(url.pathname);
    if (htmlOf) {
      const mail = store.find((m) => m.id === htmlOf[1]);
      // the mail's own HTML, sandboxed: no script runs, links open outside the frame
      return mail
        ? send(200, 'text/html; charset=utf-8', `<base target="_blank">${mail.html}`, { 'content-security-policy': "sandbox allow-popups allow-popups-to-escape-sandbox; script-src 'none'" })
        : send(404, 'text/plain', 'no such message');
    }
    const one = /^\/messages\/(\d+)$/.exec(url.pathname);
    if (one) {
      const mail = store.find((m) => m.id === one[1]);
      return mail ? send(200, 'text/html; charset=utf-8', renderInboxMessage(mail, url.searchParams.get('theme'))) : send(404, 'text/plain', 'no such message');
    }
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', renderInboxList(store, url.searchParams.get('theme')));
    return send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    inbox.once('error', reject);
    inbox.listen(options.inboxPort, host, () => resolve());
  });
  const inboxPort = (inbox.address() as AddressInfo).port;

  return {
    smtpPort,
    inboxPort,
    inboxUrl: `http://${host}:${inboxPort}`,
    messages: () => [...store],
    waitFor(match, timeoutMs = 10000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = store.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no such mail arrived in time'));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    clear: () => {
      store.length = 0;
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
    },
  };
}
