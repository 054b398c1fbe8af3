/** Export CSV with staffExport answered at the network boundary in the shapes it answers: the file
 *  saved under the function's name, a refusal said in its words, and a download cut off midway
 *  reported instead of saved looking whole. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_CONTENT_TYPE } from '@/data/staff-export';
import { StaffContext } from '../staff-context';
import { EXPORT_MESSAGES, ExportCsvButton } from './export-button';

const CSV = '\uFEFFid,name\r\nc1,Ada\r\n';
let saved: { name: string; blob: Blob }[] = [];
let fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;

function answers(response: () => Response) {
  fetch = vi.fn<typeof globalThis.fetch>(async () => response());
  vi.stubGlobal('fetch', fetch);
}

function renderButton() {
  const user = { uid: 'u1', getIdToken: async () => 'id-token-1' } as unknown as User;
  render(
    <StaffContext.Provider value={{ user, role: 'support' }}>
      <ExportCsvButton query={{ list: 'contact', status: 'answered' }} />
    </StaffContext.Provider>,
  );
  return screen.getByRole('button', { name: 'Export CSV' });
}

beforeEach(() => {
  saved = [];
  vi.stubEnv('VITE_FUNCTIONS_URL', 'https://functions.test/');
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs; these stand for the browser's, and go in afterEach (the jsdom is shared).
  Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.set('blob:1', blob), 'blob:1'), revokeObjectURL: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Export CSV', () => {
  it('sends the list’s filter with the token and saves the file under the name the function gave', async () => {
    answers(
      () =>
        new Response(CSV, {
          headers: { 'Content-Type': EXPORT_CONTENT_TYPE, 'Content-Disposition': 'attachment; filename="contact-2026-11-29.csv"' },
        }),
    );
    await userEvent.click(renderButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved contact-2026-11-29.csv.');
    const [url, init] = fetch.mock.calls[0]!;
    expect([String(url), JSON.parse(String(init?.body)), (init?.headers as Record<string, string>).Authorization]).toEqual([
      'https://functions.test/staffExport',
      { list: 'contact', status: 'answered' },
      'Bearer id-token-1',
    ]);
    expect(saved.map((file) => file.name)).toEqual(['contact-2026-11-29.csv']);
    // Byte for byte, the byte order mark Excel reads the encoding from included.
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual([...new TextEncoder().encode(CSV)]);
  });

  it('says the function’s refusal and saves nothing', async () => {
    const message = 'Your staff role has changed since you signed in. Sign in again.';
    answers(() => Response.json({ statusCode: 403, error: { message } }, { status: 403 }));
    const button = renderButton();
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(saved).toEqual([]);
    expect(button).toBeEnabled();
  });

  it('a download cut off midway is reported, not saved as if it were whole', async () => {
    answers(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(CSV));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { headers: { 'Content-Type': EXPORT_CONTENT_TYPE } });
    });
    await userEvent.click(renderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPORT_MESSAGES.cutOff);
    expect(saved).toEqual([]);
  });
});
