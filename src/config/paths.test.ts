import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './paths';

describe('return-to', () => {
  it('keeps same-site paths only', () => {
    expect(safeNextPath('/order-history?x=1')).toBe('/order-history?x=1');
    for (const bad of [null, '', 'https://evil.example.com', '//evil.example.com', '/\\evil.example.com', '/sign-in?next=/x']) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });

  it('refuses what a URL parser would rewrite into another host', () => {
    // "/\t/evil.test" is "//evil.test" once the tab is dropped.
    for (const bad of [
      '/\t/evil.test',
      '/\n/evil.test',
      '/\r/evil.test',
      '/ /evil.test',
      '/\u00a0/x',
      '/\u0000',
      '/\u0085/x',
      '/a\\b',
      '\\/evil.test',
    ]) {
      expect(safeNextPath(bad)).toBeNull();
    }
    expect(safeNextPath(decodeURIComponent('%2F%09%2Fevil.test'))).toBeNull();
  });

  it('answers the path it resolves to on this site, never the sign-in page', () => {
    expect(safeNextPath('/store/../dashboard?tab=1#top')).toBe('/dashboard?tab=1#top');
    expect(safeNextPath('/%2F/evil.test')).toBe('/%2F/evil.test');
    expect(safeNextPath('/sign-in')).toBeNull();
    expect(safeNextPath('/x/../sign-in?next=/dashboard')).toBeNull();
  });

  it('builds the sign-in address', () => {
    expect(signInPath('/dev-panel')).toBe('/sign-in?next=%2Fdev-panel');
    expect(signInPath('//evil.example.com')).toBe('/sign-in');
  });
});
