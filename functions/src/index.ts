import { onRequest } from 'firebase-functions/v2/https';

/** Liveness probe: `npm start` waits for it before saying the local stack is ready. */
export const health = onRequest((_request, response) => {
  response.json({ ok: true });
});
