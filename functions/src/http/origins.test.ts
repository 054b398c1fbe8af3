import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, isSiteImage, originOf, parseSiteOrigins } from './origins';

const LOCAL = 'http://127.0.0.1:4173, http://localhost:4173,http://127.0.0.1:5173 ,http://localhost:5173';

describe('parseSiteOrigins', () => {
  it('reads comma-separated origins, trimming and normalising them', () => {
    expect(parseSiteOrigins(LOCAL)).toEqual([
      'http://127.0.0.1:4173',
      'http://localhost:4173',
      'http://127.0.0.1:5173',
      'http://localhost:5173',
    ]);
    expect(parseSiteOrigins('https://Leopard.example/,https://leopard.example:443')).toEqual(['https://leopard.example']);
  });

  it('drops empty and non-http entries', () => {
    expect(parseSiteOrigins('')).toEqual([]);
    expect(parseSiteOrigins(',javascript:alert(1), ,ftp://x.example,https://ok.example')).toEqual(['https://ok.example']);
  });
});

describe('isAllowedOrigin', () => {
  const allowed = parseSiteOrigins(LOCAL);

  it('accepts URLs on an allowed origin, whatever their path and query', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4173/orders?paid=1', allowed)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', allowed)).toBe(true);
  });

  it.each([
    ['another host', 'https://evil.example/orders'],
    ['another port', 'http://127.0.0.1:4174/orders'],
    ['another scheme', 'https://127.0.0.1:4173/orders'],
    ['a look-alike host', 'http://127.0.0.1.evil.example:4173/orders'],
    ['credentials before the host', 'http://127.0.0.1:4173@evil.example/orders'],
    ['a protocol-relative address', '//evil.example/orders'],
    ['javascript:', 'javascript:alert(1)'],
    ['not a URL', 'orders'],
  ])('refuses %s', (_what, url) => {
    expect(isAllowedOrigin(url, allowed)).toBe(false);
  });

  it('refuses everything when no origin is configured', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4173/', [])).toBe(false);
  });
});

describe('originOf', () => {
  it('is null for non-http(s) addresses', () => {
    expect(originOf('data:text/html,hi')).toBeNull();
    expect(originOf('http://127.0.0.1:4173/x')).toBe('http://127.0.0.1:4173');
  });
});

describe('isSiteImage', () => {
  const allowed = parseSiteOrigins(LOCAL);

  it('accepts pictures under /images/ on an allowed origin', () => {
    expect(isSiteImage('http://127.0.0.1:4173/images/store/earth.svg', allowed)).toBe(true);
    expect(isSiteImage('http://localhost:5173/images/earth.png?v=2', allowed)).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example/images/earth.png'],
    ['another port', 'http://127.0.0.1:4174/images/earth.png'],
    ['a page of the site', 'http://127.0.0.1:4173/orders'],
    ['a path only starting like the images', 'http://127.0.0.1:4173/images-private/earth.png'],
    ['a climb out of the images', 'http://127.0.0.1:4173/images/../orders'],
    ['an encoded climb out of the images', 'http://127.0.0.1:4173/images/%2e%2e/orders'],
    ['user info', 'http://someone:secret@127.0.0.1:4173/images/earth.png'],
    ['not a URL', 'images/earth.png'],
  ])('refuses %s', (_label, url) => {
    expect(isSiteImage(url, allowed)).toBe(false);
  });
});
