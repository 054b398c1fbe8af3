/**
 * A local stand-in for EmailJS's HTTP API (https://api.emailjs.com): the two calls the site makes,
 * `POST /api/v1.0/email/send` (JSON) and `POST /api/v1.0/email/send-form` (multipart), answered as
 * EmailJS answers them, and nothing is mailed: every accepted message is kept and can be read at
 * `GET /__received` or through `received()`. Tests can make it fail with `POST /__control`.
 * Given a private key, it checks the `accessToken` of each call as EmailJS checks the account's
 * private key (the server mail module sends it, docs/decisions/0109-server-mail.md).
 * See the package's README.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, type OriginGate, closeUnreadAfterAnswer, originGate, readBody, send, sendText } from '@leopard/emulator-http';
import { type AuthLinks, authLinks } from './auth-links';
import { type FailureRule, type Mailbox, type ReceivedMail, createMailbox, parseJson } from './mailbox';

export const SEND_PATH = '/api/v1.0/email/send';
export const SEND_FORM_PATH = '/api/v1.0/email/send-form';

/** EmailJS caps a request well below this; we only guard the process. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface StartOptions {
  /** Default 12112; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** No log output. */
  quiet?: boolean;
  /** The account's private key: a call whose `accessToken` differs is refused with 403, as EmailJS
   *  refuses it. Absent: any accessToken is taken. */
  privateKey?: string;
  /** Refuse calls without an `accessToken` too (EmailJS's "use private key" security setting),
   *  so only a holder of the private key can send. Off by default: the browser forms still send
   *  with the public key alone. Needs `privateKey`. */
  requirePrivateKey?: boolean;
  /** The origins whose pages may call from a browser: exactly these; `*` for any. Default: any
   *  loopback origin. Other pages are refused with 403 before anything is read or changed;
   *  requests without Origin (the functions' mail module, curl) are served
   *  (emulators/rtdb/docs/protocol.md#browser-origins). */
  allowedOrigins?: string[];
  /** The Auth emulator's list of out-of-band codes
   *  (`http://<auth-emulator>/emulator/v1/projects/<project>/oobCodes`): its verification,
   *  email-change and password-reset links are listed at `/__received` after the mails, with
   *  `endpoint: 'auth-emulator'` and the address in `params.email`. Absent: mails only. */
  authOobCodesUrl?: string;
}

export interface RunningEmailJs {
  /** http://host:port — what `@emailjs/browser`'s `origin` option takes. */
  url: string;
  port: number;
  /** What was accepted so far, oldest first (copies). */
  received(): ReceivedMail[];
  /** Forget what was received and every failure rule. */
  reset(): void;
  /** Answer matching calls with an error (same as `POST /__control`). */
  fail(rule: FailureRule): void;
  stop(): Promise<void>;
}

/** What a preflight from an allowed page is told besides its origin (the origin gate's). */
const CORS_PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

/** Pretty-printed JSON, labelled UTF-8 as the stand-in always has. */
function sendJsonUtf8(res: ServerResponse, status: number, value: unknown) {
  send(res, status, JSON.stringify(value, null, 2), 'application/json; charset=utf-8');
}

/** The request body, refused with 413 past MAX_BODY_BYTES. */
function readRequest(req: IncomingMessage): Promise<Buffer> {
  return readBody(req, { maxBytes: MAX_BODY_BYTES, tooLarge: () => new HttpError(413, 'The request is too large') });
}

/** The answer to a request the origin gate let through: EmailJS's two calls and the controls. */
async function route(mailbox: Mailbox, auth: AuthLinks | null, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS_PREFLIGHT_HEADERS);
    res.end();
    return;
  }
  switch (`${req.method} ${url.pathname}`) {
    case `POST ${SEND_PATH}`:
    case `POST ${SEND_FORM_PATH}`: {
      const body = await readRequest(req);
      const endpoint = url.pathname === SEND_PATH ? 'send' : 'send-form';
      const { status, text } = await mailbox.accept(endpoint, body, req.headers['content-type'] ?? '');
      return sendText(res, status, text);
    }
    case 'GET /':
      return sendJsonUtf8(res, 200, {
        service: 'EmailJS stand-in',
        endpoints: [SEND_PATH, SEND_FORM_PATH],
        received: `${url.origin}/__received`,
      });
    case 'GET /__received':
      return sendJsonUtf8(res, 200, [...mailbox.received(), ...((await auth?.read()) ?? [])]);
    case 'DELETE /__received':
      mailbox.clearReceived();
      await auth?.clear();
      return sendText(res, 200, 'OK');
    case 'POST /__control':
      mailbox.addRule(parseJson(await readRequest(req)));
      return sendText(res, 200, 'OK');
    case 'DELETE /__control':
      mailbox.clearRules();
      return sendText(res, 200, 'OK');
    default:
      return sendText(res, 404, 'Not Found');
  }
}

/** One request: refused (421 for another host name, 403 for a page; no CORS headers) when the gate says so, else routed;
 *  a thrown HttpError is answered with its status and message as plain text, as EmailJS answers. */
function serve(
  origins: OriginGate,
  mailbox: Mailbox,
  auth: AuthLinks | null,
  log: (message: string) => void,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const name = `${req.method} ${url.pathname}`;
  closeUnreadAfterAnswer(req, res);
  const refused = origins.refusal(req);
  if (refused !== null) {
    log(`refused ${name} from ${refused.from}`);
    return sendText(res, refused.status, refused.text, { Vary: 'Origin' });
  }
  for (const [header, value] of Object.entries(origins.corsHeaders(req))) res.setHeader(header, value);
  route(mailbox, auth, req, res, url).catch((error: unknown) => {
    const status = error instanceof HttpError ? error.status : 500;
    if (status === 500) log(`${name}: ${String(error)}`);
    if (!res.headersSent) sendText(res, status, error instanceof Error ? error.message : 'Internal Server Error');
  });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function start(options: StartOptions = {}): Promise<RunningEmailJs> {
  const host = options.host ?? '127.0.0.1';
  let listeningPort = 0;
  const origins = originGate({ service: 'EmailJS stand-in', allowed: options.allowedOrigins, host, port: () => listeningPort });
  const log = options.quiet ? () => {} : (message: string) => console.error(`[emailjs] ${message}`);
  const mailbox = createMailbox({ privateKey: options.privateKey, requirePrivateKey: options.requirePrivateKey ?? false, log });

  const auth = options.authOobCodesUrl ? authLinks(options.authOobCodesUrl, log) : null;
  const server = createServer((req, res) => serve(origins, mailbox, auth, log, req, res));
  const port = await listen(server, options.port ?? 12112, host);
  listeningPort = port;
  const url = `http://${host}:${port}`;
  log(`ready on ${url}`);

  return {
    url,
    port,
    received: () => structuredClone(mailbox.received()),
    reset: () => {
      mailbox.clearReceived();
      mailbox.clearRules();
    },
    fail: (rule) => mailbox.addRule(rule as unknown as Record<string, unknown>),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
