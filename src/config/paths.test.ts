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
    expect(safeNextPath('/sign-in')).toBeNull();
    expect(safeNextPath('/x/../sign-in?next=/dashboard')).toBeNull();
  });

  // What `?next=%2F..%2F%2Fevil.test%2F` and its kin resolve to: a path starting with "//", which
  // the browser's history reads as the host evil.test (the router threw, "Something went wrong").
  it('refuses what resolves, once dot segments are removed or escapes decoded, to a path starting with "//"', () => {
    const resolvedToTwoSlashes = [
      '/..//evil.test/',
      '/.//evil.test',
      '/./..//evil.test/x?y=1#z',
      '/a/../..//evil.test',
      '/%2e%2e//evil.test/',
      '/%2E%2E//evil.test/',
      '/%2e%2E//evil.test/',
      '/.%2e//evil.test',
      '/%2e//evil.test',
      '/x/%2e%2e/%2e%2e//evil.test',
      '/%2F/evil.test',
      '/%2f%2fevil.test',
      '/%2F%2F127.0.0.2:9',
      '/%5C/evil.test',
      '/%5c%5cevil.test',
      '/..%2F/evil.test',
      '/%2e%2e%2f%2fevil.test',
      '//127.0.0.2:9',
      '/..//127.0.0.2:9',
      '/.///evil.test',
    ];
    // Tabs and line breaks inside, which URL parsers drop, and the same encoded.
    const hiddenInside = [
      '/.\t.//evil.test',
      '/..\n//evil.test',
      '/\r..//evil.test',
      '/%09/evil.test',
      '/%0A/evil.test',
      '/.%0D.//evil.test',
    ];
    for (const bad of [...resolvedToTwoSlashes, ...hiddenInside, decodeURIComponent('%2F..%2F%2Fevil.test%2F')]) {
      expect([bad, safeNextPath(bad)]).toEqual([bad, null]);
    }
    // A malformed escape is nothing the router can match either.
    expect(safeNextPath('/%E0%A4%A')).toBeNull();
  });

  it('refuses the sign-in page under any name the router gives it', () => {
    for (const bad of ['/SIGN-IN', '/sign-in/', '/%73ign-in', '/x/%2e%2e/sign-in?next=/dashboard', '/./sign-in']) {
      expect([bad, safeNextPath(bad)]).toEqual([bad, null]);
    }
  });

  it('keeps the paths of the site, dot segments resolved and escapes as they came', () => {
    expect(safeNextPath('/store/./plans/../plans?x=%2F%2Fevil.test')).toBe('/store/plans?x=%2F%2Fevil.test');
    expect(safeNextPath('/%2e%2e/dashboard')).toBe('/dashboard');
    expect(safeNextPath('/case-studies/charm#%2F%2Fx')).toBe('/case-studies/charm#%2F%2Fx');
    expect(safeNextPath('/store/caf%C3%A9')).toBe('/store/caf%C3%A9');
  });

  it('builds the sign-in address', () => {
    expect(signInPath('/dev-panel')).toBe('/sign-in?next=%2Fdev-panel');
    expect(signInPath('//evil.example.com')).toBe('/sign-in');
    expect(signInPath('/..//evil.example.com')).toBe('/sign-in');
  });
});
