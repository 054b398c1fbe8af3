/**
 * What the data viewer's browser tests share (viewer.spec.ts, viewer-tools.spec.ts,
 * viewer-panels.spec.ts): the REST API as the owner, to set up data and check what the page wrote,
 * and the viewer opened until its first namespace is shown.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** An emulator's address, read when a test runs (a file's emulator starts in its beforeAll). */
export interface ViewerServer {
  url: string;
}

/** The REST API of `server` as the owner; every call must answer 200, and its JSON is returned. */
export function ownerRest(server: ViewerServer) {
  return async (method: string, ns: string, path: string, body?: unknown, query = ''): Promise<unknown> => {
    const res = await fetch(`${server.url}/${path}.json?ns=${ns}${query}`, {
      method,
      headers: { Authorization: 'Bearer owner' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBe(200);
    return res.json();
  };
}

/** Opens the viewer of `server` on namespace `ns` and waits until the page says it is ready. */
export async function openViewer(page: Page, server: ViewerServer, ns: string): Promise<void> {
  await page.goto(`${server.url}/?ns=${ns}`);
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
}

/** The value shown for a location, e.g. `/users/alice/name`. */
export const valueAt = (page: Page, path: string) => page.locator(`[data-value="${path}"]`);

/** What axe finds wrong on the page, one line per violation with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
}
