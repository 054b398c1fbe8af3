// The body reader's limits as a client meets them: a body within the limit arrives whole; one over
// it, announced or not, is refused with the service's own error before it is all read; one that
// stops arriving is refused after the timeout.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BodyLimits, HttpError, closeUnreadAfterAnswer, readBody } from './body';
import { sendText } from './answer';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server answering each request with the body's length, or the refusal's status and message. */
async function serveWith(limits: BodyLimits): Promise<string> {
  server = createServer((req, res) => {
    closeUnreadAfterAnswer(req, res);
    readBody(req, limits).then(
      (body) => sendText(res, 200, `${body.length} bytes`),
      (error: unknown) => sendText(res, error instanceof HttpError ? error.status : 500, (error as Error).message),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** POSTs `chunks` one after another (chunked: no Content-Length) and reads the answer, which may
 *  come before the client has sent everything. */
function post(url: string, chunks: string[], { pauseMs = 0, headers = {} }: { pauseMs?: number; headers?: Record<string, string> } = {}) {
  return new Promise<[number, string]>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve([res.statusCode ?? 0, text]));
    });
    req.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        req.write(chunk);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
      req.end();
    })();
  });
}

describe('readBody', () => {
  it('gives a body within the limit whole', async () => {
    const url = await serveWith({ maxBytes: 100 });
    expect(await post(url, ['a'.repeat(40), 'b'.repeat(60)])).toEqual([200, '100 bytes']);
  });

  it('refuses an announced size over the limit with 413, before reading', async () => {
    const url = await serveWith({ maxBytes: 100 });
    const [status, text] = await post(url, ['x'.repeat(101)], { headers: { 'Content-Length': '101' } });
    expect([status, text]).toEqual([413, 'Request body exceeds the maximum size of 100 bytes']);
  });

  it('refuses a chunked body once the bytes received pass the limit, in the words the service gives', async () => {
    const url = await serveWith({ maxBytes: 100, tooLarge: () => new HttpError(413, 'Too much mail') });
    expect(await post(url, ['x'.repeat(60), 'y'.repeat(60)])).toEqual([413, 'Too much mail']);
  });

  it('refuses a body that has not all arrived within the timeout with 408', async () => {
    const url = await serveWith({ maxBytes: 100, timeoutMs: 200 });
    expect(await post(url, ['a', 'b', 'c'], { pauseMs: 300 })).toEqual([408, 'Request body not received within 200 ms']);
  });
});
