/**
 * Webhook delivery: each event is POSTed, signed (`signature.ts`), to the webhook URL and retried
 * when it fails or answers non-2xx. Events go out in the order they happened — the next event's
 * first try waits for the previous one's first try, across operations — while each event's retries
 * run on their own, so one refused event does not hold up the rest (as on Stripe, a receiver that
 * needs an earlier event can answer non-2xx and get this one again later). Besides the webhook URL
 * (what `stripe listen` forwards to), each enabled endpoint of `/v1/webhook_endpoints` that takes
 * the event's type gets it, signed with its own secret and at its own API version.
 */
import type { EventRecord, WebhookDelivery } from './event-data';
import { signatureHeader } from './signature';
import type { Store } from './store';

/** Stripe retries failed deliveries for days; locally a few short tries show the same behaviour. */
export const DEFAULT_RETRY_DELAYS_MS = [250, 500, 1000];
const WEBHOOK_TIMEOUT_MS = 15_000;

export interface WebhookSettings {
  /** Where events are POSTed; absent: events are kept but not delivered. */
  url?: string;
  secret: string;
  /** Pauses before each retry; its length is the number of retries. */
  retryDelaysMs: number[];
  log: (message: string) => void;
  /** How long after the hosted checkout's Pay its events go out (`--webhook-delay-ms`); 0: at once,
   *  and Pay waits for them. */
  delayMs?: number;
}

/** The longest delay `--webhook-delay-ms` and `POST /__webhook-delay` take: ten minutes. */
export const MAX_WEBHOOK_DELAY_MS = 600_000;

function checkDelay(ms: number): void {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_WEBHOOK_DELAY_MS)
    throw new RangeError(`the webhook delay must be a whole number of milliseconds from 0 to ${MAX_WEBHOOK_DELAY_MS}`);
}

/** Where one event goes: the URL, the secret that signs it, and the exact bytes sent. */
interface DeliveryTarget {
  url: string;
  secret: string;
  payload: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class WebhookDispatcher {
  private readonly inFlight = new Set<AbortController>();
  /** Deliveries not finished yet (waiting their turn, sending, or between retries). */
  private readonly pending = new Set<Promise<WebhookDelivery[]>>();
  private readonly sessionDelays = new Map<string, number>();
  private stopped = false;
  /** Settles when the last queued event's first try is over. */
  private queueTail: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly settings: WebhookSettings,
  ) {}

  get url(): string | undefined {
    return this.settings.url;
  }

  /** The delay of the hosted checkout's events (ms). */
  get delayMs(): number {
    return this.settings.delayMs ?? 0;
  }

  set delayMs(ms: number) {
    checkDelay(ms);
    this.settings.delayMs = ms;
  }

  /** One checkout session's own delay, over the stand-in's: a test that runs beside others delays
   *  only its own payment's events. */
  setSessionDelay(sessionId: string, ms: number): void {
    checkDelay(ms);
    this.sessionDelays.set(sessionId, ms);
  }

  /** The delay of this checkout session's Pay: its own, else the stand-in's. Its own is forgotten
   *  here, since a session is paid once, so a long-running stand-in keeps no entry per session. */
  takeDelayOfPay(sessionId: string): number {
    const own = this.sessionDelays.get(sessionId);
    this.sessionDelays.delete(sessionId);
    return own ?? this.delayMs;
  }

  /** Delivers the events `ms` from now, in order (as deliverInOrder). `settled()` waits for them,
   *  the wait included; a reset or stop in between drops them. */
  deliverLater(records: readonly EventRecord[], ms: number): Promise<WebhookDelivery[]> {
    const generation = this.store.generation;
    // Unref'd: a delivery still waiting does not keep a stopped stand-in's process alive.
    const wait = new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
    return this.track(wait.then(() => (this.stopped || generation !== this.store.generation ? [] : this.deliverInOrder(records))));
  }

  /** Delivers the events in order (see above); resolves with every attempt made for them once
   *  each was accepted or ran out of retries. */
  async deliverInOrder(records: readonly EventRecord[]): Promise<WebhookDelivery[]> {
    const chains = records.map((record) => {
      let release!: () => void;
      const firstTryOver = new Promise<void>((resolve) => (release = resolve));
      const previous = this.queueTail;
      this.queueTail = firstTryOver;
      return this.track(previous.then(() => this.deliver(record, release)));
    });
    return (await Promise.all(chains)).flat();
  }

  /** Resolves once no delivery is under way or waiting (retries included). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** One event with its retries, at once (outside the queue): `POST /__events/:id/resend`. */
  deliverNow(record: EventRecord): Promise<WebhookDelivery[]> {
    return this.track(this.deliver(record, () => {}));
  }

  private track(delivery: Promise<WebhookDelivery[]>): Promise<WebhookDelivery[]> {
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
    return delivery;
  }

  /** Forget the queue (after a reset, new events need not wait for old ones). */
  reset() {
    this.queueTail = Promise.resolve();
  }

  stop() {
    this.stopped = true;
    for (const controller of this.inFlight) controller.abort();
  }

  /** How many places the event goes to (its `pending_webhooks`). */
  pendingFor(type: string): number {
    return (this.settings.url ? 1 : 0) + this.endpointsFor(type).length;
  }

  private endpointsFor(type: string) {
    return [...this.store.webhookEndpoints.values()].filter(
      ({ endpoint }) => endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)),
    );
  }

  /** The webhook URL with the event as made, and each endpoint with the event at its version. */
  private targetsOf(record: EventRecord): DeliveryTarget[] {
    const targets: DeliveryTarget[] = this.settings.url
      ? [{ url: this.settings.url, secret: this.settings.secret, payload: record.payload }]
      : [];
    for (const { endpoint, secret } of this.endpointsFor(record.event.type)) {
      const version = endpoint.api_version ?? record.event.api_version;
      const payload =
        version === record.event.api_version ? record.payload : JSON.stringify({ ...record.event, api_version: version }, null, 2);
      targets.push({ url: endpoint.url, secret, payload });
    }
    return targets;
  }

  /** Every target at once; the event's first try is over when each target's is. */
  private async deliver(record: EventRecord, firstTryOver: () => void): Promise<WebhookDelivery[]> {
    try {
      const targets = this.targetsOf(record);
      let firstTries = targets.length;
      const attempts = await Promise.all(
        targets.map((target) => {
          let counted = false;
          return this.deliverTo(target, record, () => {
            if (counted) return;
            counted = true;
            if (--firstTries === 0) firstTryOver();
          });
        }),
      );
      return attempts.flat();
    } finally {
      firstTryOver();
    }
  }

  private async deliverTo(target: DeliveryTarget, record: EventRecord, firstTryOver: () => void): Promise<WebhookDelivery[]> {
    const attempts: WebhookDelivery[] = [];
    try {
      const generation = this.store.generation;
      const tries = this.settings.retryDelaysMs.length + 1;
      for (let attempt = 1; attempt <= tries && !this.stopped; attempt++) {
        if (attempt > 1) await sleep(this.settings.retryDelaysMs[attempt - 2]);
        if (this.stopped) break;
        const delivery = await this.deliverOnce(record, attempt, target);
        if (attempt === 1) firstTryOver();
        attempts.push(delivery);
        if (generation === this.store.generation) this.store.addDelivery(delivery);
        this.settings.log(
          `${record.event.type} ${record.event.id} → ${target.url}: ${delivery.status ?? delivery.error} (attempt ${attempt})`,
        );
        if (delivery.ok) break;
      }
      return attempts;
    } finally {
      firstTryOver();
    }
  }

  private async deliverOnce(record: EventRecord, attempt: number, { url, secret, payload }: DeliveryTarget): Promise<WebhookDelivery> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const started = performance.now();
    const delivery: WebhookDelivery = {
      eventId: record.event.id,
      eventType: record.event.type,
      url,
      attempt,
      status: null,
      ok: false,
      at: new Date().toISOString(),
      durationMs: 0,
    };
    try {
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(payload, secret),
        },
        body: payload,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
      delivery.status = response.status;
      delivery.ok = response.status >= 200 && response.status < 300;
      delivery.responseBody = (await response.text().catch(() => '')).slice(0, 2000);
    } catch (error) {
      delivery.error =
        error instanceof Error
          ? error.cause instanceof Error
            ? `${error.message}: ${error.cause.message}`
            : error.message
          : String(error);
    } finally {
      this.inFlight.delete(controller);
      delivery.durationMs = Math.round(performance.now() - started);
    }
    return delivery;
  }
}
