/** The pass page's one call: `GET spacePass?code=…`, the public function that reads the pass
 *  (space_passes is closed to browsers, so nothing can be listed: docs/decisions/0108-staff-console.md).
 *  No Firebase SDK: a plain request through src/firebase/functions.ts. */
import { SPACE_PASS_CODE_PARAM, SPACE_PASS_FUNCTION, isPassCode, type SpacePassView } from '@/data/staff';
import { callFunction, serviceMessages, successData } from '@/firebase/functions';

export type PassLookup = { status: 'found'; pass: SpacePassView } | { status: 'not-found' } | { status: 'failed'; message: string };

export const PASS_MESSAGES = {
  ...serviceMessages('pass'),
  notConfigured: 'Passes cannot be shown on this site right now. Please contact us.',
} as const;

export async function lookUpPass(code: string): Promise<PassLookup> {
  // A code that cannot be one is not worth a request; the answer would be the same 404.
  if (!isPassCode(code)) return { status: 'not-found' };
  const answer = await callFunction(SPACE_PASS_FUNCTION, { method: 'GET', query: { [SPACE_PASS_CODE_PARAM]: code } });
  if (!answer.reached) {
    return { status: 'failed', message: answer.reason === 'unreachable' ? PASS_MESSAGES.unreachable : PASS_MESSAGES.notConfigured };
  }
  if (answer.status === 404) return { status: 'not-found' };
  const data = successData(answer, 200);
  if (data && typeof data.name === 'string' && typeof data.issuedAt === 'number') {
    return { status: 'found', pass: { name: data.name, issuedAt: data.issuedAt } };
  }
  return { status: 'failed', message: PASS_MESSAGES.refused(answer.status) };
}
