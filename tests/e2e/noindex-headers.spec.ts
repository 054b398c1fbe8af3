/** The staff console and the Space passes answer with `X-Robots-Tag: noindex` from firebase.json,
 *  as the local preview serves them like Hosting (scripts/hosting-preview.ts); the public pages do
 *  not (docs/decisions/0108-staff-console.md). The pages' own robots <meta> is checked in
 *  staff-console.spec.ts; the header also covers what a crawler fetches without running scripts. */
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';
import { PUBLIC_ROUTES } from './route-list.testing';

const HIDDEN = [paths.staff, paths.staffInbox, paths.staffTradeIns, paths.spacePass('ABCDEFGHIJKLMNOPQRSTUVWXYZ')];

test('the console and the pass pages are served with X-Robots-Tag: noindex', async ({ request }) => {
  for (const path of HIDDEN) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['x-robots-tag'], path).toBe('noindex');
  }
});

test('the public pages are served without X-Robots-Tag', async ({ request }) => {
  for (const [path] of PUBLIC_ROUTES) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers(), path).not.toHaveProperty('x-robots-tag');
  }
});
