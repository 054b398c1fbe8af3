/**
 * Helpers for tests that drive the stand-in: a webhook endpoint that records what it is sent, and
 * the hosted pages' forms posted as a browser posts them. Not used by the stand-in itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The account's Terms of Service URL for suites, set as a deployer sets it in the Dashboard:
 *  without one Stripe refuses the Terms consent our checkout asks for. */
export const TERMS_OF_SERVICE_URL = 'http://127.0.0.1:4173/legal/terms-of-service';

export interface ReceivedWebhook {
  body: string;
  signature: string;
}

/** A webhook endpoint: keeps what it receives and answers with the queued statuses, then 200. */
export class WebhookReceiver {
  received: ReceivedWebhook[] = [];
  /** Statuses for the next deliveries, in order; then 200. */
  answers: number[] = [];
  /** Or decide per delivery (checked before `answers`): a status, or undefined for the default. */
  answer: ((body: { type: string; id: string }) => number | undefined) | null = null;
  url = '';
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({ body, signature: String(req.headers['stripe-signature'] ?? '') });
      let status: number | undefined;
      try {
        status = this.answer?.(JSON.parse(body) as { type: string; id: string });
      } catch {
        status = undefined;
      }
      res.writeHead(status ?? this.answers.shift() ?? 200, { 'Content-Type': 'application/json' });
      res.end('{"received":true}');
    });
  });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/stripeWebhook`;
  }

  clear() {
    this.received = [];
    this.answers = [];
    this.answer = null;
  }

  /** The event types received, in order (retries included). */
  types(): string[] {
    return this.received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type);
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Submits a hosted page's form (`application/x-www-form-urlencoded`) without following the
 *  redirect: the answer's status, Location and page. */
export async function postForm(
  url: string,
  fields: Record<string, string> = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
