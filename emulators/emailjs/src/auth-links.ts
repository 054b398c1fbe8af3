// The Auth emulator's "sent" mails, read back for /__received: Firebase Auth mails its verification,
// email-change and password-reset links itself, not through EmailJS, so locally they exist only in
// the emulator's list of out-of-band codes. Listed beside the mails, a developer finds every link
// the site sends where the README points for mail.
import type { ReceivedMail } from './mailbox';

/** One entry of `GET /emulator/v1/projects/<project>/oobCodes`, as the Auth emulator answers it. */
interface OobCode {
  email?: string;
  newEmail?: string;
  requestType?: string;
  oobCode?: string;
  oobLink?: string;
}

/** What each kind of link is for, in the words of the mail Firebase would send. */
const SUBJECTS: Readonly<Record<string, string>> = {
  VERIFY_EMAIL: 'Verify your email (Firebase Auth)',
  VERIFY_AND_CHANGE_EMAIL: 'Verify your new email (Firebase Auth)',
  PASSWORD_RESET: 'Reset your password (Firebase Auth)',
  EMAIL_SIGNIN: 'Sign in (Firebase Auth)',
};

/** How long a read of /__received waits for the Auth emulator before listing the mails alone. */
const AUTH_WAIT_MS = 2000;

export interface AuthLinks {
  /** The links the emulator holds now, minus those cleared, each dated when first seen. */
  read(): Promise<ReceivedMail[]>;
  /** DELETE /__received: the links held now are left out from here on. */
  clear(): Promise<void>;
}

/** Reads `url` (the emulator's oobCodes list) on each call; an emulator that is down or slow gives
 *  no links rather than an error, so the mails are always listed. */
export function authLinks(url: string, log: (message: string) => void): AuthLinks {
  const firstSeen = new Map<string, string>();
  const cleared = new Set<string>();
  const fetchCodes = async (): Promise<OobCode[]> => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(AUTH_WAIT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { oobCodes?: OobCode[] };
      return Array.isArray(body.oobCodes) ? body.oobCodes : [];
    } catch (error) {
      log(`the Auth emulator's links could not be read from ${url}: ${String(error)}`);
      return [];
    }
  };
  const keyOf = (code: OobCode) => code.oobCode ?? code.oobLink ?? '';
  return {
    async read() {
      const now = new Date().toISOString();
      return (await fetchCodes())
        .filter((code) => !cleared.has(keyOf(code)))
        .map((code): ReceivedMail => {
          const key = keyOf(code);
          if (!firstSeen.has(key)) firstSeen.set(key, now);
          const type = code.requestType ?? 'UNKNOWN';
          return {
            endpoint: 'auth-emulator',
            receivedAt: firstSeen.get(key)!,
            service_id: 'firebase-auth-emulator',
            template_id: type,
            user_id: '',
            withPrivateKey: false,
            // `email`, not `to_email`: these were not sent through EmailJS, and a reader counting
            // EmailJS's mails to an address by `to_email` should count none of them.
            params: {
              email: code.email ?? null,
              ...(code.newEmail ? { new_email: code.newEmail } : {}),
              subject: SUBJECTS[type] ?? `${type} (Firebase Auth)`,
              link: code.oobLink ?? null,
            },
          };
        });
    },
    async clear() {
      for (const code of await fetchCodes()) cleared.add(keyOf(code));
    },
  };
}
