/** A refusal an action answers with (400, 404, 409…), thrown so each action reads straight
 *  through its checks; the handler turns it into the JSON error shape of http.ts. A 429 says in
 *  `retryAfterSeconds` when to try again (the Retry-After header). */
export class StaffRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
