/**
 * A small Node client of the database's long-polling transport (`/.lp`), speaking it the way the
 * browser SDK's BrowserPollConnection does: the JSONP start request, one poll kept open, client
 * messages as web-safe base64 segments of at most 1840 characters packed into requests of at most
 * 1870 characters of segment data, at most two requests in flight while segments wait, packets
 * put back in order by number, and the `close` command. The answers are scripts; they run here in
 * a `vm` context whose `window.parent` holds the two callbacks, as the SDK's iframe would.
 *
 * Used by emulators/rtdb/conformance/long-polling.test.ts and scripts/bench-emulator.ts.
 */
import { Agent, request } from 'node:http';
import { runInNewContext } from 'node:vm';

const MAX_URL_DATA_SIZE = 1870;
const SEG_HEADER_SIZE = 30;
const MAX_PAYLOAD_SIZE = MAX_URL_DATA_SIZE - SEG_HEADER_SIZE;

export interface LpResponse {
  status: number;
  body: string;
}

/** One GET (or POST) to the emulator, body as text. */
export function lpFetch(agent: Agent, url: string, method = 'GET', timeoutMs = 60_000): Promise<LpResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

/** The SDK's base64Encode: UTF-8, web-safe alphabet, '.' padding. */
export function sdkBase64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '.');
}

export type WireMessage = Record<string, unknown>;

export class LongPollClient {
  readonly messages: WireMessage[] = [];
  /** Set when the server sent the close command (or a request failed). */
  closed = false;
  closeReason = '';
  id = '';
  pw = '';
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 6 });
  private serial = Math.floor(Math.random() * 1e8);
  private nextSeg = 0;
  private pendingSegs: Array<{ seg: number; ts: number; d: string }> = [];
  private outstanding = 0;
  private readonly packets = new Map<number, WireMessage[]>();
  private nextPacket = 0;
  private closeAfter = -1;
  private nextR = 1;
  private waiters: Array<() => void> = [];
  private readonly callbacks: Record<string, unknown>;
  /** Requests made, by kind (for tests). */
  readonly requests = { polls: 0, withData: 0 };

  private constructor(
    readonly base: string,
    readonly ns: string,
  ) {
    this.callbacks = {
      JSON,
      pLPCommand1: (cmd: string, a1: unknown, a2: unknown) => this.onCommand(cmd, a1, a2),
      pRTLPCB1: (pN: number, data: WireMessage[]) => this.onPacket(pN, data),
    };
  }

  /** Connects (start request); resolves after the handshake arrived. */
  static async connect(hostPort: string, ns: string, params: Record<string, string> = {}): Promise<LongPollClient> {
    const c = new LongPollClient(`http://${hostPort}/.lp`, ns);
    const q = new URLSearchParams({ start: 't', ser: String(Math.floor(Math.random() * 1e8)), cb: '1', v: '5', ...params, ns });
    const res = await lpFetch(c.agent, `${c.base}?${q}`);
    if (res.status !== 200) throw new Error(`long-polling start answered ${res.status}: ${res.body}`);
    c.run(res.body);
    if (!c.id) throw new Error(`long-polling start gave no id: ${res.body}`);
    c.pump();
    return c;
  }

  /** The handshake (first message). */
  get handshake(): { ts: number; v: string; h: string; s: string } {
    const m = this.messages[0] as { t: string; d: { t: string; d: { ts: number; v: string; h: string; s: string } } };
    return m.d.d;
  }

  private url(extra = ''): string {
    this.serial++;
    return `${this.base}?id=${encodeURIComponent(this.id)}&pw=${encodeURIComponent(this.pw)}&ser=${this.serial}&ns=${encodeURIComponent(this.ns)}${extra}`;
  }

  private run(script: string): void {
    if (!script.trim()) return;
    runInNewContext(script, { window: { parent: this.callbacks } });
  }

  private onCommand(cmd: string, a1: unknown, a2: unknown): void {
    if (cmd === 'start') {
      this.id = String(a1);
      this.pw = String(a2);
    } else if (cmd === 'close') {
      const last = typeof a1 === 'number' ? a1 : 0;
      if (last && last >= this.nextPacket) this.closeAfter = last;
      else this.markClosed('close command');
    }
  }

  private onPacket(pN: number, data: WireMessage[]): void {
    this.packets.set(pN, data);
    while (this.packets.has(this.nextPacket)) {
      const msgs = this.packets.get(this.nextPacket)!;
      this.packets.delete(this.nextPacket);
      for (const m of msgs) this.messages.push(m);
      if (this.nextPacket === this.closeAfter) this.markClosed('close command');
      this.nextPacket++;
    }
    this.notify();
  }

  private markClosed(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.closeReason = reason;
    this.notify();
  }

  private notify(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Keep one poll open; a second request when segments wait (as the SDK does). */
  private pump(): void {
    while (!this.closed && this.outstanding < (this.pendingSegs.length > 0 ? 2 : 1)) {
      let data = '';
      let i = 0;
      while (this.pendingSegs.length > 0) {
        const next = this.pendingSegs[0];
        if (next.d.length + SEG_HEADER_SIZE + data.length > MAX_URL_DATA_SIZE) break;
        this.pendingSegs.shift();
        data += `&seg${i}=${next.seg}&ts${i}=${next.ts}&d${i}=${next.d}`;
        i++;
      }
      if (data) this.requests.withData++;
      else this.requests.polls++;
      this.outstanding++;
      lpFetch(this.agent, this.url(data)).then(
        (res) => {
          this.outstanding--;
          if (res.status !== 200) this.markClosed(`HTTP ${res.status}`);
          else this.run(res.body);
          this.pump();
        },
        (e: Error) => {
          this.outstanding--;
          this.markClosed(e.message);
        },
      );
    }
  }

  /** Sends one message (segmented like the SDK). */
  send(msg: unknown): void {
    const segs: string[] = [];
    const b64 = sdkBase64(JSON.stringify(msg));
    for (let i = 0; i < b64.length; i += MAX_PAYLOAD_SIZE) segs.push(b64.slice(i, i + MAX_PAYLOAD_SIZE));
    for (const d of segs) this.pendingSegs.push({ seg: this.nextSeg++, ts: segs.length, d });
    this.pump();
  }

  /** Waits until `pred` finds a message (or the time is up: null). */
  async waitFor(pred: (m: WireMessage) => boolean, timeoutMs = 5000): Promise<WireMessage | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) return this.messages.find(pred) ?? null;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Sends {t:'d', d:{r, a, b}} and waits for its reply (null on close or timeout). */
  async request(a: string, b: unknown, timeoutMs = 5000): Promise<{ s: string; d: unknown } | null> {
    const r = this.nextR++;
    this.send({ t: 'd', d: { r, a, b } });
    const m = await this.waitFor((x) => x.t === 'd' && (x.d as { r?: number }).r === r, timeoutMs);
    return m ? (m.d as { b: { s: string; d: unknown } }).b : null;
  }

  /** Says goodbye as the SDK's disconnect frame does, and stops polling. */
  async disconnect(): Promise<void> {
    this.markClosed('disconnect');
    await lpFetch(this.agent, `${this.base}?disconn=t&id=${encodeURIComponent(this.id)}&pw=${encodeURIComponent(this.pw)}`, 'POST');
    this.agent.destroy();
  }

  /** Drops every socket without a word (a tab killed). */
  abort(): void {
    this.markClosed('aborted');
    this.agent.destroy();
  }
}
