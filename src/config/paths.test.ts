import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './paths';

describe('return-to', () => {
  it('keeps same-site paths only', () => {
    expect(safeNextPath('/order-history?x=1')).toBe('/order-history?x=1');
    for (const bad of [null, '', 'https://evil.example.com', '//evil.example.com', '/\\evil.example.com', '/sign-in?next=/x']) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });

  it('builds the sign-in address', () => {
    expect(signInPath('/dev-panel')).toBe('/sign-in?next=%2Fdev-panel');
    expect(signInPath('//evil.example.com')).toBe('/sign-in');
  });
});
