// The SDK's Node.hash(), used to check transactions (`p` with `h`). See
// emulators/rtdb/docs/protocol.md#transactions-and-the-hash.

import { createHash } from 'node:crypto';
import { type ExportJson, isObj, isWrappedLeaf, childKeys, hashCache as cache } from './tree';
import { comparePriorityOrder } from './query';

/** The SDK's doubleToIEEE754String, quirks included: the exponent comes from Math.log, so for some
 *  values the exponent is off by one and the significand over- or underflows its 52 bits; the
 *  SDK keeps only the low 52 (two's-complement) bits of it. */
export function doubleToIEEE754String(v: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let sign = 0;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    sign = 1 / v === -Infinity ? 1 : 0;
  } else {
    sign = v < 0 ? 1 : 0;
    const a = Math.abs(v);
    if (a >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(a) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(a * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(a / Math.pow(2, 1 - bias - fbits));
    }
  }
  // The SDK's bit loop turns a non-finite significand (2^1074 overflows for tiny exponents) into zeros.
  if (!Number.isFinite(f)) f = 0;
  const bits = (BigInt(sign) << 63n) | (BigInt.asUintN(ebits, BigInt(e)) << 52n) | BigInt.asUintN(fbits, BigInt(f));
  return bits.toString(16).padStart(16, '0');
}

function sha1(s: string): string {
  return createHash('sha1').update(s, 'utf8').digest('base64');
}

function priorityHashText(p: string | number): string {
  return typeof p === 'number' ? 'number:' + doubleToIEEE754String(p) : 'string:' + p;
}

function leafHash(value: unknown, prio: unknown): string {
  let s = '';
  if (prio !== null && prio !== undefined) s += 'priority:' + priorityHashText(prio as string | number) + ':';
  const t = typeof value;
  s += t + ':' + (t === 'number' ? doubleToIEEE754String(value as number) : String(value));
  return sha1(s);
}

export function nodeHash(node: ExportJson): string {
  if (node === null) return '';
  if (!isObj(node)) return leafHash(node, null);
  if (isWrappedLeaf(node)) return leafHash(node['.value'], node['.priority']);
  const hit = cache.get(node);
  if (hit !== undefined) return hit;
  let s = '';
  const prio = node['.priority'];
  if (prio !== undefined && prio !== null) s += 'priority:' + priorityHashText(prio as string | number) + ':';
  const keys = childKeys(node);
  keys.sort((a, b) => comparePriorityOrder(a, node[a], b, node[b]));
  for (const k of keys) {
    const h = nodeHash(node[k]);
    if (h !== '') s += ':' + k + ':' + h;
  }
  const out = s === '' ? '' : sha1(s);
  cache.set(node, out);
  return out;
}
