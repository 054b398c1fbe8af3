// Push ids like the SDK's NextPushId: 8 time characters + 12 random, strictly increasing.
import { randomInt } from 'node:crypto';

const CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
let lastTime = 0;
const lastRand: number[] = [];

export function nextPushId(now = Date.now()): string {
  const dup = now === lastTime;
  lastTime = now;
  let t = now;
  const time: string[] = new Array(8);
  for (let i = 7; i >= 0; i--) {
    time[i] = CHARS.charAt(t % 64);
    t = Math.floor(t / 64);
  }
  if (!dup) {
    for (let i = 0; i < 12; i++) lastRand[i] = randomInt(64);
  } else {
    let i = 11;
    for (; i >= 0 && lastRand[i] === 63; i--) lastRand[i] = 0;
    if (i >= 0) lastRand[i]++;
  }
  return time.join('') + lastRand.map((r) => CHARS.charAt(r)).join('');
}
