/** The address a request came from, for the per-address limits (submissions, checkoutSummary). */
import type { Request } from 'firebase-functions/v2/https';

/**
 * The last entry of X-Forwarded-For, else the socket's peer. Google's front end appends the
 * address it saw to whatever X-Forwarded-For the client sent, so only the last entry is not the
 * client's to choose; `request.ip` under `trust proxy` is the first, which a script could vary to
 * get a fresh allowance with every request.
 */
export function clientAddress(request: Pick<Request, 'get' | 'socket'>): string {
  const forwarded = request.get('X-Forwarded-For');
  const last = forwarded
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? request.socket?.remoteAddress ?? 'unknown';
}
