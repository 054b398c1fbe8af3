import { describe, expect, it } from 'vitest';
import { cspHash, inlineStyles, POLICY_META_PREFIX, RUNTIME_STYLE_HASHES, styleSourcePolicy, withPagePolicy } from './page-policy';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <style>h1{color:red}</style>
    <style media="print">p{}</style>
  </head>
  <body></body>
</html>`;

describe('cspHash', () => {
  it('is the base64 sha256 of the UTF-8 text, as browsers compute it', () => {
    // The empty <style> sweetalert2 adds: the well-known hash of the empty string.
    expect(cspHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    // Non-ASCII text hashes its UTF-8 bytes (checked with `printf 'h1{content:"é"}' | openssl dgst -sha256 -binary | base64`).
    expect(cspHash('h1{content:"é"}')).toBe("'sha256-/QtXbDTHlboGU/wcm54GRR+UPDcw1Hy+ZYnm7NGOAi4='");
  });
});

describe('withPagePolicy', () => {
  it("puts a style policy right after the charset: the site's stylesheets, each inline style and the libraries' by hash", () => {
    const html = withPagePolicy(PAGE);
    const policy = `style-src-elem 'self' ${cspHash('h1{color:red}')} ${cspHash('p{}')} ${RUNTIME_STYLE_HASHES.join(' ')}`;
    expect(html).toContain(`<meta charset="UTF-8" />\n    ${POLICY_META_PREFIX} content="${policy}" />\n    <style>`);
    expect(inlineStyles(html)).toEqual(['h1{color:red}', 'p{}']);
  });

  it('lists each hash once, and only the library ones for a page without inline styles', () => {
    expect(styleSourcePolicy(['a{}', 'a{}'])).toBe(`style-src-elem 'self' ${cspHash('a{}')} ${RUNTIME_STYLE_HASHES.join(' ')}`);
    expect(styleSourcePolicy([])).toBe(`style-src-elem 'self' ${RUNTIME_STYLE_HASHES.join(' ')}`);
  });

  it('refuses a page that has a policy already or no charset to put it after', () => {
    expect(() => withPagePolicy(withPagePolicy(PAGE))).toThrow(/already/);
    expect(() => withPagePolicy('<html><head></head></html>')).toThrow(/charset/);
  });
});
