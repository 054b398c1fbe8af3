/** A refusal an action answers with (400, 404, 409…), thrown so each action reads straight
 *  through its checks; the handler turns it into the JSON error shape of http.ts. */
export class StaffRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
