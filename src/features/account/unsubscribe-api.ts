/** The browser's side of the unsubscribe function: the signed token of a mail's link turns a
 *  marketing choice off, no sign-in needed (docs/decisions/0121-consent-and-unsubscribe.md). */
import { CONSENT_LABELS, type ConsentField } from '@/data/users';
import { callFunction, isRecord, refusalOf, serviceMessages } from '@/firebase/functions';

export type UnsubscribeChoice = ConsentField | 'all';

export type UnsubscribeOutcome = { ok: true; email: string; choice: UnsubscribeChoice } | { ok: false; message: string };

export const UNSUBSCRIBE_TEXTS = {
  working: 'Turning these emails off…',
  missingToken: 'This link is incomplete. Open it from the email again, or copy the whole address.',
  /** The function's own words for a forged and an expired link, when it gives none. */
  forged: 'This link is not valid.',
  expired: 'This link has expired. Change your choices in Profile settings.',
  done: (email: string, choice: UnsubscribeChoice) =>
    choice === 'all'
      ? `${email} will no longer get our marketing emails.`
      : `${email} will no longer get: ${CONSENT_LABELS[choice].replace(/^Receive /, '')}.`,
  ...serviceMessages('email preferences'),
} as const;

const isChoice = (value: unknown): value is UnsubscribeChoice =>
  value === 'all' || (typeof value === 'string' && Object.hasOwn(CONSENT_LABELS, value));

export async function unsubscribe(token: string): Promise<UnsubscribeOutcome> {
  const answer = await callFunction('unsubscribe', { body: { token } });
  if (!answer.reached) return { ok: false, message: UNSUBSCRIBE_TEXTS.unreachable };
  if (answer.status === 200 && isRecord(answer.body)) {
    const data = isRecord(answer.body.data) ? answer.body.data : answer.body;
    if (typeof data.email === 'string' && isChoice(data.choice)) return { ok: true, email: data.email, choice: data.choice };
  }
  const told = refusalOf(answer).message ?? (isRecord(answer.body) && typeof answer.body.error === 'string' ? answer.body.error : null);
  if (told) return { ok: false, message: told };
  if (answer.status === 410) return { ok: false, message: UNSUBSCRIBE_TEXTS.expired };
  if (answer.status === 403 || answer.status === 400) return { ok: false, message: UNSUBSCRIBE_TEXTS.forged };
  return { ok: false, message: UNSUBSCRIBE_TEXTS.refused(answer.status) };
}
