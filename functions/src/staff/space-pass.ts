/** spacePass: what the public pass page shows for a code (docs/decisions/0108-staff-console.md).
 *  No sign-in: the code is the key. A malformed code and an unknown one get the same answer, so
 *  there is nothing to learn by trying codes, and space_passes stays closed to every browser. */
import type { Database } from 'firebase-admin/database';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { SPACE_PASSES_PATH, SPACE_PASS_CODE_PARAM, isPassCode, type SpacePassAnswer } from '../../../src/data/staff';
import { applyCors, requireMethod, sendError } from '../http/http';

export interface SpacePassDependencies {
  database: Database;
  siteOrigins: readonly string[];
}

export const NO_SUCH_PASS = 'No Space beta-tester pass has this code.';

export async function handleSpacePass(request: Request, response: Response, deps: SpacePassDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'GET, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'GET')) return;
  response.set('Cache-Control', 'no-store');
  const code = request.query[SPACE_PASS_CODE_PARAM];
  const stored = isPassCode(code)
    ? ((await deps.database.ref(`${SPACE_PASSES_PATH}/${code}`).get()).val() as Record<string, unknown> | null)
    : null;
  if (stored === null || typeof stored.name !== 'string' || typeof stored.issuedAt !== 'number') {
    sendError(response, 404, NO_SUCH_PASS);
    return;
  }
  const body: SpacePassAnswer = { statusCode: 200, data: { name: stored.name, issuedAt: stored.issuedAt } };
  response.status(200).json(body);
}
