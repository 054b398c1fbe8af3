/** The fields of a staff request, each checked before it reaches a database path or Auth: a
 *  refusal names the field (400). */
import { isOrderId } from '../../../src/data/orders';
import { isUid } from '../stripe/customers';
import { normaliseEmail } from '../mail/email';
import { StaffRefusal } from './refusal';

export type Body = Record<string, unknown>;

/** A push id or any key a client could make: letters, digits, '-' and '_' only, so it can never
 *  reach another path ('/', '.', '$', '#', '[' and ']' are out). */
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function oneOf<T extends string>(body: Body, field: string, allowed: readonly T[]): T {
  const value = body[field];
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new StaffRefusal(400, `${field} must be one of ${allowed.join(', ')}.`, field);
}

export function recordId(body: Body, field: string): string {
  const value = body[field];
  if (typeof value === 'string' && RECORD_ID.test(value)) return value;
  throw new StaffRefusal(400, `${field} must be the id of a record (letters, digits, - and _).`, field);
}

export function orderId(body: Body, field: string): string {
  const value = body[field];
  if (isOrderId(value)) return value;
  throw new StaffRefusal(400, `${field} must be the id of an order.`, field);
}

export function uid(body: Body, field: string): string {
  const value = body[field];
  if (isUid(value)) return value;
  throw new StaffRefusal(400, `${field} must be the uid of an account.`, field);
}

export function email(body: Body, field: string): string {
  const value = normaliseEmail(body[field]);
  if (value !== null) return value;
  throw new StaffRefusal(400, `${field} must be an email address.`, field);
}
