// What the stand-in keeps and checks, apart from HTTP: the calls it accepted, the failure rules
// tests set, the private-key check, and the parsing of EmailJS's two kinds of body.
import { HttpError } from '@leopard/emulator-http';

/** The ids EmailJS requires on every call, checked in this order. */
const REQUIRED_IDS = ['user_id', 'service_id', 'template_id'] as const;
/** Fields EmailJS reads itself; everything else in a send-form body is a template parameter. */
const RESERVED_FIELDS = new Set<string>([...REQUIRED_IDS, 'lib_version', 'accessToken']);
/** The oldest messages are dropped past this many. */
const MAX_KEPT = 1000;

/** EmailJS's answers to a call its private-key check refuses (403, plain text). */
export const WRONG_PRIVATE_KEY_TEXT = 'The Private Key is invalid';
export const PRIVATE_KEY_REQUIRED_TEXT = 'The Private Key is required for this account';

export interface ReceivedMail {
  /** The EmailJS call that brought it, or `auth-emulator` for a link the Auth emulator holds
   *  (auth-links.ts), listed beside the mails when the stand-in is given its address. */
  endpoint: 'send' | 'send-form' | 'auth-emulator';
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

export function parseJson(body: Buffer): Record<string, unknown> {
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

export interface MailboxOptions {
  privateKey?: string;
  requirePrivateKey: boolean;
  log: (message: string) => void;
}

export interface Mailbox {
  /** Takes one call's body: the answer EmailJS would give (a failure rule's, or 200 OK with the
   *  mail kept); throws an HttpError for a call EmailJS refuses. */
  accept(endpoint: ReceivedMail['endpoint'], body: Buffer, contentType: string): Promise<{ status: number; text: string }>;
  /** What was accepted so far, oldest first (the kept objects; copy before handing out). */
  received(): ReceivedMail[];
  clearReceived(): void;
  addRule(value: Record<string, unknown>): void;
  clearRules(): void;
}

export function createMailbox({ privateKey, requirePrivateKey, log }: MailboxOptions): Mailbox {
  if (requirePrivateKey && !privateKey) throw new Error('requirePrivateKey needs the privateKey to check calls against');
  let received: ReceivedMail[] = [];
  let rules: FailureRule[] = [];

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

  const readSend = (body: Buffer): ReceivedMail => {
    const json = parseJson(body);
    const params = json.template_params;
    if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
      throw new HttpError(400, 'The template_params parameter must be an object');
    }
    const ids = requireIds(json);
    const withPrivateKey = checkPrivateKey(json.accessToken);
    const mail: ReceivedMail = {
      endpoint: 'send',
      receivedAt: new Date().toISOString(),
      ...ids,
      withPrivateKey,
      params: { ...(params as object | undefined) },
    };
    if (typeof json.lib_version === 'string') mail.lib_version = json.lib_version;
    return mail;
  };

  const readSendForm = async (body: Buffer, contentType: string): Promise<ReceivedMail> => {
    const fields = await parseForm(body, contentType);
    const params = Object.fromEntries(Object.entries(fields).filter(([name]) => !RESERVED_FIELDS.has(name)));
    const ids = requireIds(fields);
    const withPrivateKey = checkPrivateKey(fields.accessToken);
    const mail: ReceivedMail = { endpoint: 'send-form', receivedAt: new Date().toISOString(), ...ids, withPrivateKey, params };
    if (fields.lib_version) mail.lib_version = fields.lib_version;
    return mail;
  };

  return {
    async accept(endpoint, body, contentType) {
      const mail = endpoint === 'send' ? readSend(body) : await readSendForm(body, contentType);
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
    },
    received: () => received,
    clearReceived: () => {
      received = [];
    },
    addRule: (value) => {
      rules.push(parseRule(value));
    },
    clearRules: () => {
      rules = [];
    },
  };
}
