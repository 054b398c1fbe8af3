/** Stripe-style ids (`cus_…`, `sub_…`) and the wall clock in Unix seconds. */
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomId(prefix: string, length = 24): string {
  return prefix + Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');
}

/** Real time, for objects that are on no test clock. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
