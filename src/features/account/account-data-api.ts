/**
 * The profile's calls to the account functions: closing the account (deleteAccount) and the copy
 * of its data (exportAccountData). The functions decide everything from the ID token
 * (docs/decisions/0119-account-deletion-and-retention.md, docs/decisions/0120-data-export.md).
 */
import type { User } from 'firebase/auth';
import { callFunction, isRecord, refusalOf, serviceMessages, type FunctionAnswer } from '@/firebase/functions';
import { reauthenticate } from './account-auth-api';

export const ACCOUNT_DATA_MESSAGES = {
  ...serviceMessages('account'),
  notConfigured: 'This part of your account is not set up on this site yet. Please contact us.',
} as const;

/** The file the download saves, as the function names it. */
export const EXPORT_FILE_NAME = 'leopard-account-data.json';

export type AccountCallOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

function failure(answer: FunctionAnswer): { ok: false; message: string } {
  if (!answer.reached) {
    return {
      ok: false,
      message: answer.reason === 'unreachable' ? ACCOUNT_DATA_MESSAGES.unreachable : ACCOUNT_DATA_MESSAGES.notConfigured,
    };
  }
  return { ok: false, message: refusalOf(answer).message ?? ACCOUNT_DATA_MESSAGES.refused(answer.status) };
}

function refusalCode(answer: FunctionAnswer): string | null {
  if (!answer.reached || !isRecord(answer.body)) return null;
  const { code, error } = answer.body;
  if (typeof code === 'string') return code;
  return isRecord(error) && typeof error.code === 'string' ? error.code : null;
}

/** The word the deletion dialog asks to be typed, and the function checks again. */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * Closes the account: the password again first (it proves the person and gives a fresh sign-in,
 * which the function requires), then deleteAccount. Rejects with Auth's error when the password is
 * wrong; resolves with what to tell the person otherwise.
 */
export async function deleteAccount(user: User, password: string): Promise<AccountCallOutcome<null>> {
  await reauthenticate(user, password);
  let answer = await callFunction('deleteAccount', { body: { confirmation: DELETE_CONFIRMATION }, idToken: await user.getIdToken() });
  if (answer.reached && answer.status === 401 && refusalCode(answer) === 'reauth-required') {
    // The token still carried the old sign-in time: take the one the password just gave.
    answer = await callFunction('deleteAccount', { body: { confirmation: DELETE_CONFIRMATION }, idToken: await user.getIdToken(true) });
  }
  if (answer.reached && answer.status === 200) return { ok: true, value: null };
  return failure(answer);
}

/** The account's data as the function gives it, as the text of the JSON file to save. */
export async function exportAccountData(user: User): Promise<AccountCallOutcome<string>> {
  const answer = await callFunction('exportAccountData', { body: {}, idToken: await user.getIdToken() });
  if (answer.reached && answer.status === 200 && isRecord(answer.body)) {
    return { ok: true, value: `${JSON.stringify(answer.body, null, 2)}\n` };
  }
  return failure(answer);
}

/** Kept here for the profile's download, which its tests replace with this module. */
export { saveFile } from '@/ui/save-file';
