/**
 * A local stand-in for EmailJS's HTTP API (https://api.emailjs.com): the two calls the site makes,
 * `POST /api/v1.0/email/send` (JSON) and `POST /api/v1.0/email/send-form` (multipart), answered as
 * EmailJS answers them, and nothing is mailed: every accepted message is kept and can be read at
 * `GET /__received` or through `received()`. Tests can make it fail with `POST /__control`.
 * Given a private key, it checks the `accessToken` of each call as EmailJS checks the account's
 * private key (the server mail module sends it, docs/decisions/0109-server-mail.md).
 * See README.md beside this file.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, closeUnreadAfterAnswer, readBody } from '@leopard/rtdb-emulator/http-body';
import { originGate, refusalText } from '@leopard/rtdb-emulator/origins';

export const SEND_PATH = '/api/v1.0/email/send';
export const SEND_FORM_PATH = '/api/v1.0/email/send-form';

/** The ids EmailJS requires on every call, checked in this order. */
const REQUIRED_IDS = ['user_id', 'service_id', 'template_id'] as const;
/** Fields EmailJS reads itself; everything else in a send-form body is a template parameter. */
const RESERVED_FIELDS = new Set<string>([...REQUIRED_IDS, 'lib_version', 'accessToken']);
/** EmailJS caps a request well below this; we only guard the process. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** The oldest messages are dropped past this many. */
const MAX_KEPT = 1000;

export interface ReceivedMail {
  endpoint: 'send' | 'send-form';
  receivedAt: string;
  service_id: string;
  template_id: string;
  user_id: string;
  lib_version?: string;
  /** Whether the call carried the account's private key (`accessToken`), as the functions' mails do. */
  withPrivateKey: boolean;
  /** The template parameters: `template_params` of a send, the form fields of a send-form. */
  params: Record<string, unknown>;
}

/** A failure rule set through `POST /__control`: calls matching `match` are answered with `status`. */
export interface FailureRule {
  status: number;
  text?: string;
  /** Every key must equal the call's id or template parameter of that name; empty matches all. */
  match?: Record<string, string>;
  /** How many calls it answers before it is dropped; unlimited when absent. */
  times?: number;
}

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
}

/** EmailJS's answers to a call its private-key check refuses (403, plain text). */
export const WRONG_PRIVATE_KEY_TEXT = 'The Private Key is invalid';
export const PRIVATE_KEY_REQUIRED_TEXT = 'The Private Key is required for this account';

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

function reply(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function replyJson(res: ServerResponse, status: number, value: unknown) {
  reply(res, status, JSON.stringify(value, null, 2), 'application/json; charset=utf-8');
}

/** The request body, refused with 413 past MAX_BODY_BYTES. */
function readRequest(req: IncomingMessage): Promise<Buffer> {
  return readBody(req, { maxBytes: MAX_BODY_BYTES, tooLarge: () => new HttpError(413, 'The request is too large') });
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8') || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'The request body is not valid JSON');
}

/** Multipart (or urlencoded) fields through the WHATWG parser Node ships. Files are named, not kept. */
async function parseForm(body: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    throw new HttpError(400, 'The request body is not valid form data');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) fields[name] = typeof value === 'string' ? value : `[file ${value.name}]`;
  return fields;
}

function requireIds(source: Record<string, unknown>) {
  for (const id of REQUIRED_IDS) {
    const value = source[id];
    // EmailJS's own wording (its REST docs: 400 "The user_id parameter is required").
    if (typeof value !== 'string' || value === '') throw new HttpError(400, `The ${id} parameter is required`);
  }
  return { user_id: source.user_id as string, service_id: source.service_id as string, template_id: source.template_id as string };
}

function matches(rule: FailureRule, mail: ReceivedMail): boolean {
  const values: Record<string, unknown> = {
    ...mail.params,
    service_id: mail.service_id,
    template_id: mail.template_id,
    user_id: mail.user_id,
  };
  return Object.entries(rule.match ?? {}).every(([key, expected]) => values[key] === expected);
}

function parseRule(value: Record<string, unknown>): FailureRule {
  const { status, text, match, times } = value;
  if (typeof status !== 'number' || status < 400 || status > 599) throw new HttpError(400, '"status" must be a number from 400 to 599');
  if (text !== undefined && typeof text !== 'string') throw new HttpError(400, '"text" must be a string');
  if (times !== undefined && (typeof times !== 'number' || times < 1)) throw new HttpError(400, '"times" must be a positive number');
  if (match !== undefined && (typeof match !== 'object' || match === null || Object.values(match).some((v) => typeof v !== 'string'))) {
    throw new HttpError(400, '"match" must be an object of strings');
  }
  return { status, text, match: match as Record<string, string> | undefined, times };
}

export async function start(options: StartOptions = {}): Promise<RunningEmailJs> {
  const host = options.host ?? '127.0.0.1';
  let listeningPort = 0;
  const origins = originGate({ allowed: options.allowedOrigins, host, port: () => listeningPort });
  const log = options.quiet ? () => {} : (message: string) => console.error(`[emailjs] ${message}`);
  let received: ReceivedMail[] = [];
  let rules: FailureRule[] = [];
  const { privateKey, requirePrivateKey = false } = options;
  if (requirePrivateKey && !privateKey) throw new Error('requirePrivateKey needs the privateKey to check calls against');

  /** True when the call carried the right private key; throws EmailJS's 403 for a wrong one. */
  const checkPrivateKey = (accessToken: unknown): boolean => {
    const given = typeof accessToken === 'string' && accessToken !== '' ? accessToken : undefined;
    if (given === undefined) {
      if (requirePrivateKey) throw new HttpError(403, PRIVATE_KEY_REQUIRED_TEXT);
      return false;
    }
    if (privateKey !== undefined && given !== privateKey) throw new HttpError(403, WRONG_PRIVATE_KEY_TEXT);
    return true;
  };

  const accept = async (endpoint: ReceivedMail['endpoint'], req: IncomingMessage): Promise<{ status: number; text: string }> => {
    const body = await readRequest(req);
    const contentType = req.headers['content-type'] ?? '';
    let mail: ReceivedMail;
    if (endpoint === 'send') {
      const json = parseJson(body);
      const params = json.template_params;
      if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
        throw new HttpError(400, 'The template_params parameter must be an object');
      }
      const ids = requireIds(json);
      const withPrivateKey = checkPrivateKey(json.accessToken);
      mail = { endpoint, receivedAt: new Date().toISOString(), ...ids, withPrivateKey, params: { ...(params as object | undefined) } };
      if (typeof json.lib_version === 'string') mail.lib_version = json.lib_version;
    } else {
      const fields = await parseForm(body, contentType);
      const params = Object.fromEntries(Object.entries(fields).filter(([name]) => !RESERVED_FIELDS.has(name)));
      const ids = requireIds(fields);
      const withPrivateKey = checkPrivateKey(fields.accessToken);
      mail = { endpoint, receivedAt: new Date().toISOString(), ...ids, withPrivateKey, params };
      if (fields.lib_version) mail.lib_version = fields.lib_version;
    }

    const rule = rules.find((candidate) => matches(candidate, mail));
    if (rule) {
      if (rule.times !== undefined && --rule.times <= 0) rules = rules.filter((r) => r !== rule);
      log(`${endpoint}: failing with ${rule.status} (control rule)`);
      return { status: rule.status, text: rule.text ?? 'Internal Server Error' };
    }
    received.push(mail);
    if (received.length > MAX_KEPT) received = received.slice(-MAX_KEPT);
    log(`${endpoint}: service ${mail.service_id}, template ${mail.template_id}`);
    return { status: 200, text: 'OK' };
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const route = `${req.method} ${url.pathname}`;
    closeUnreadAfterAnswer(req, res);
    const refused = origins.refusal(req);
    if (refused !== null) {
      log(`refused ${route} from ${refused}`);
      res.setHeader('Vary', 'Origin');
      reply(res, 403, refusalText('EmailJS stand-in', refused));
      return;
    }
    for (const [name, value] of Object.entries(origins.corsHeaders(req))) res.setHeader(name, value);
    const handle = async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS_PREFLIGHT_HEADERS);
        res.end();
        return;
      }
      switch (route) {
        case `POST ${SEND_PATH}`:
        case `POST ${SEND_FORM_PATH}`: {
          const { status, text } = await accept(url.pathname === SEND_PATH ? 'send' : 'send-form', req);
          reply(res, status, text);
          return;
        }
        case 'GET /':
          replyJson(res, 200, {
            service: 'EmailJS stand-in',
            endpoints: [SEND_PATH, SEND_FORM_PATH],
            received: `${url.origin}/__received`,
          });
          return;
        case 'GET /__received':
          replyJson(res, 200, received);
          return;
        case 'DELETE /__received':
          received = [];
          reply(res, 200, 'OK');
          return;
        case 'POST /__control':
          rules.push(parseRule(parseJson(await readRequest(req))));
          reply(res, 200, 'OK');
          return;
        case 'DELETE /__control':
          rules = [];
          reply(res, 200, 'OK');
          return;
        default:
          reply(res, 404, 'Not Found');
      }
    };
    handle().catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) log(`${route}: ${String(error)}`);
      if (!res.headersSent) reply(res, status, error instanceof Error ? error.message : 'Internal Server Error');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 12112, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  listeningPort = port;
  const url = `http://${host}:${port}`;
  log(`ready on ${url}`);

  return {
    url,
    port,
    received: () => structuredClone(received),
    reset: () => {
      received = [];
      rules = [];
    },
    fail: (rule) => {
      rules.push(parseRule(rule as unknown as Record<string, unknown>));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
