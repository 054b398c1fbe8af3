// Long polling at /.lp: the transport the browser SDK (BrowserPollConnection) uses when WebSockets
// are forced off (`forceLongPolling()`), or first, before upgrading, when the browser remembers a
// failed WebSocket (`firebase:previous_websocket_failure` in localStorage).
//
// The SDK loads every request as a <script> in a hidden iframe (JSONP):
//   start:  /.lp?start=t&ser=<rand>&cb=<n>&v=5[&s=…][&ls=…][&p=<appId>][&ac=…]&ns=<ns>
//           → script calling parent.pLPCommand<n>("start", id, pw), then the data callback
//             parent.pRTLPCB<n>(0, [handshake]). Only the start URL names the callbacks.
//   polls:  /.lp?id=…&pw=…&ser=…[&seg<i>=<n>&ts<i>=<count>&d<i>=<base64url>]…&ns=<ns>
//           The client keeps one poll open; a poll carrying segments is a second one, and the
//           older one is then answered. A poll is held until there is something to send (at
//           most `holdMs`). Each answer with messages is one numbered packet
//           pRTLPCB<n>(<packet>, [msg, …]); the client puts packets back in order.
//           Client → server messages are JSON, UTF-8, web-safe base64 ('-', '_', '.' padding),
//           cut into segments numbered across the connection; `ts` is the number of segments of
//           the message the segment belongs to.
//   dframe: /.lp?dframe=t&id=…&pw=… → an HTML page the SDK keeps in another hidden iframe; when
//           it goes away (page closed, transport shut) it calls /.lp?disconn=t&id=…&pw=….
//   close:  pLPCommand<n>("close", <last packet>) ends the transport once the client has
//           processed every packet up to that one (after an upgrade, or when the session ends).
// Requests that name no live connection get a 404: the script fails to load, which the SDK takes
// as a lost connection (it reconnects, with backoff).

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '@leopard/emulator-http';
import type { Logger } from './namespace';
import type { ConnectionLimits, Session, Transport } from './session';

/** The SDK's segment size (MAX_URL_DATA_SIZE 1870 − SEG_HEADER_SIZE 30). */
const SDK_SEGMENT_CHARS = 1840;
const CALLBACK_ID = /^[A-Za-z0-9_$]{1,40}$/;
const SEGMENT_DATA = /^[A-Za-z0-9_\-+/.=]*$/;
/** A held poll the client dropped: gone unless it polls again within this time. */
const ABORT_GRACE_MS = 1000;

export interface LongPollHost {
  log: Logger;
  limits: ConnectionLimits;
  /** How long a poll is held when there is nothing to send. */
  holdMs: number;
  /** A new session carried by `transport` (it sends the handshake through it at once). */
  startSession(url: URL, hostHeader: string | undefined, transport: Transport): Session;
}

/** One long-polling connection: a Transport of a session. */
class LongPollConnection implements Transport {
  readonly kind = 'long-polling';
  readonly id = randomBytes(6).toString('base64url');
  readonly pw = randomBytes(12).toString('base64url');
  session: Session | null = null;
  /** Messages not yet delivered. */
  private queue: object[] = [];
  private nextPacket = 0;
  private held: { res: ServerResponse; timer: NodeJS.Timeout } | null = null;
  private flushScheduled = false;
  /** The close command is due (after an upgrade or at the end of the session). */
  private closing = false;
  /** Over: the close command went out, or the client is gone. */
  private done = false;
  // Incoming segments by number, until a message is complete.
  private readonly segments = new Map<number, { ts: number; d: string }>();
  private nextSegment = 0;
  private bufferedChars = 0;
  private segmentTimer: NodeJS.Timeout | null = null;
  private readonly idleTimer: NodeJS.Timeout;
  private abortTimer: NodeJS.Timeout | null = null;
  private readonly maxMessageChars: number;
  /** Segments held at once (empty ones too): a message's worth, and a few more in flight. */
  private readonly maxSegments: number;

  constructor(
    readonly cb: string,
    private readonly server: LongPollServer,
    private readonly host: LongPollHost,
  ) {
    this.maxMessageChars = Math.ceil(host.limits.maxMessageBytes / 3) * 4;
    this.maxSegments = Math.ceil(this.maxMessageChars / SDK_SEGMENT_CHARS) + 64;
    this.idleTimer = setTimeout(() => this.checkIdle(), host.limits.idleTimeoutMs).unref();
  }

  // ------------------------------------------------------------------------------ Transport

  send(msg: object): void {
    if (this.done || this.closing) return;
    this.queue.push(msg);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Everything one event produces (a write's pushes and its reply) goes out as one packet.
    queueMicrotask(() => {
      this.flushScheduled = false;
      if (this.held) this.answerHeld();
    });
  }

  close(reason: string): void {
    if (this.done || this.closing) return;
    this.host.log(`long-polling connection ${this.id} closing: ${reason}`);
    this.closing = true;
    this.dropSegments();
    if (this.held) this.answerHeld();
  }

  retire(): void {
    if (this.done || this.closing) return;
    this.closing = true;
    this.dropSegments();
    if (this.held) this.answerHeld();
  }

  // ------------------------------------------------------------------------------ answers

  /** The script for one answer: the start command if asked, then the queued messages as the next
   *  packet, then the close command when due. */
  private script(start: boolean): string {
    const calls: string[] = [];
    if (start) calls.push(`C("start",${JSON.stringify(this.id)},${JSON.stringify(this.pw)});`);
    if (this.queue.length) {
      const packet = this.nextPacket++;
      // Parsed by the page's own JSON, so the SDK gets objects of its own realm, not the iframe's.
      calls.push(`D(${packet},w.JSON.parse(${JSON.stringify(JSON.stringify(this.queue))}));`);
      this.queue = [];
    }
    if (this.closing) {
      calls.push(`C("close",${Math.max(0, this.nextPacket - 1)});`);
      this.finish(false);
    }
    if (!calls.length) return '';
    const cb = this.cb;
    return (
      `(function(){var w=window.parent||window,C=w["pLPCommand${cb}"],D=w["pRTLPCB${cb}"];` +
      `if(typeof C!=="function"||typeof D!=="function")return;${calls.join('')}})();\n`
    );
  }

  /** Answer `res` with whatever is due (possibly nothing: the client just polls again). */
  private answer(res: ServerResponse, start = false): void {
    if (res.writableEnded || res.destroyed) return;
    sendScript(res, 200, this.script(start));
  }

  private answerHeld(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    clearTimeout(held.timer);
    this.answer(held.res);
  }

  private hold(res: ServerResponse): void {
    const timer = setTimeout(() => {
      if (this.held?.res === res) this.answerHeld();
    }, this.host.holdMs).unref();
    this.held = { res, timer };
    res.on('close', () => {
      if (res.writableEnded || this.held?.res !== res) return;
      // The client dropped the poll it keeps open (iframe removed, tab closed): gone, unless it
      // polls again right away.
      clearTimeout(timer);
      this.held = null;
      this.abortTimer ??= setTimeout(() => this.gone('poll aborted'), ABORT_GRACE_MS).unref();
    });
  }

  // ------------------------------------------------------------------------------ requests

  /** The start request: the start command and the handshake, at once. */
  start(res: ServerResponse): void {
    this.answer(res, true);
  }

  /** A poll, with or without segments of client messages. */
  poll(url: URL, res: ServerResponse): void {
    this.touch();
    // The client keeps one poll open; a new one releases the older.
    this.answerHeld();
    if (!this.done && !this.closing) {
      try {
        this.addSegments(url);
      } catch (e) {
        this.fail((e as Error).message);
      }
    }
    if (this.queue.length || this.closing || this.done) this.answer(res);
    else this.hold(res);
  }

  /** The dframe page went away: the client is gone. */
  disconnect(): void {
    this.gone('client disconnected');
  }

  private touch(): void {
    this.idleTimer.refresh();
    if (this.abortTimer) {
      clearTimeout(this.abortTimer);
      this.abortTimer = null;
    }
  }

  private checkIdle(): void {
    if (this.done) return;
    if (this.held) this.idleTimer.refresh();
    else this.gone('idle timeout');
  }

  // ------------------------------------------------------------------------------ segments

  private addSegments(url: URL): void {
    const p = url.searchParams;
    for (let i = 0; p.has(`seg${i}`); i++) {
      const seg = Number(p.get(`seg${i}`));
      const ts = Number(p.get(`ts${i}`));
      const d = p.get(`d${i}`) ?? '';
      if (!Number.isSafeInteger(seg) || seg < 0 || !Number.isSafeInteger(ts) || ts < 1 || !SEGMENT_DATA.test(d)) {
        throw new Error('malformed segment');
      }
      if (seg < this.nextSegment || this.segments.has(seg)) continue; // a repeat
      // Every segment of a message but its last is SDK_SEGMENT_CHARS long: a count that cannot fit
      // the limit is refused (its request answered too_big once the first segment is here).
      if ((ts - 1) * SDK_SEGMENT_CHARS > this.maxMessageChars) {
        if (seg === this.nextSegment)
          this.session?.refuseTooBig(decode(d.slice(0, d.length - (d.length % 4))), this.host.limits.maxMessageBytes);
        throw new Error('message too big');
      }
      this.bufferedChars += d.length;
      if (this.bufferedChars > this.maxMessageChars + 4 * SDK_SEGMENT_CHARS || this.segments.size >= this.maxSegments) {
        const first = this.segments.get(this.nextSegment)?.d ?? (seg === this.nextSegment ? d : null);
        this.session?.refuseTooBig(
          first === null ? null : decode(first.slice(0, first.length - (first.length % 4))),
          this.host.limits.maxMessageBytes,
        );
        throw new Error('message too big');
      }
      this.segments.set(seg, { ts, d });
    }
    this.deliver();
    if (this.segments.size === 0) {
      if (this.segmentTimer) clearTimeout(this.segmentTimer);
      this.segmentTimer = null;
    } else {
      this.segmentTimer ??= setTimeout(() => this.fail('incomplete message timed out'), this.host.limits.messageTimeoutMs).unref();
    }
  }

  /** Hand every complete message, in order, to the session. */
  private deliver(): void {
    for (;;) {
      const first = this.segments.get(this.nextSegment);
      if (!first) return;
      const parts: string[] = [];
      for (let s = this.nextSegment; s < this.nextSegment + first.ts; s++) {
        const part = this.segments.get(s);
        if (!part) return;
        parts.push(part.d);
      }
      for (let s = this.nextSegment; s < this.nextSegment + first.ts; s++) this.segments.delete(s);
      this.nextSegment += first.ts;
      const b64 = parts.join('');
      this.bufferedChars -= b64.length;
      if (this.segmentTimer) {
        clearTimeout(this.segmentTimer);
        this.segmentTimer = null;
      }
      const text = decode(b64);
      if (Buffer.byteLength(text) > this.host.limits.maxMessageBytes) {
        this.session?.refuseTooBig(text.slice(0, 200), this.host.limits.maxMessageBytes);
        throw new Error('message too big');
      }
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        throw new Error('malformed JSON');
      }
      if (!this.session || !this.session.receive(this, msg)) throw new Error('malformed message');
      if (this.done || this.closing) return;
    }
  }

  private dropSegments(): void {
    this.segments.clear();
    this.bufferedChars = 0;
    if (this.segmentTimer) clearTimeout(this.segmentTimer);
    this.segmentTimer = null;
  }

  // ------------------------------------------------------------------------------ end

  /** A protocol error: the client is told to close (after what is queued), the session ends. */
  private fail(reason: string): void {
    if (this.done) return;
    this.close(reason);
    this.session?.transportClosed(this);
  }

  /** The client is gone: the session loses this transport. */
  private gone(reason: string): void {
    if (this.done) return;
    if (!this.closing) this.host.log(`long-polling connection ${this.id} ended: ${reason}`);
    this.finish(true);
  }

  /** No more requests for this connection. `tellSession`: it ended without the session asking. */
  finish(tellSession: boolean): void {
    if (this.done) return;
    this.done = true;
    this.queue = [];
    this.dropSegments();
    clearTimeout(this.idleTimer);
    if (this.abortTimer) clearTimeout(this.abortTimer);
    if (this.held) {
      const held = this.held;
      this.held = null;
      clearTimeout(held.timer);
      if (!held.res.writableEnded) sendScript(held.res, 200, '');
    }
    this.server.forget(this);
    if (tellSession) this.session?.transportClosed(this);
  }
}

function decode(b64: string): string {
  return Buffer.from(b64.replace(/\./g, ''), 'base64url').toString('utf8');
}

function sendScript(res: ServerResponse, status: number, body: string): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'application/javascript; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache, no-store, must-revalidate',
  });
  res.end(body);
}

/** The page the SDK keeps in its disconnect iframe: when it is unloaded, it says goodbye. */
function disconnectFrame(id: string, pw: string, ns: string | null): string {
  const url = `/.lp?disconn=t&id=${encodeURIComponent(id)}&pw=${encodeURIComponent(pw)}${ns ? `&ns=${encodeURIComponent(ns)}` : ''}`;
  return (
    '<!doctype html><html><head><meta charset="utf-8"></head><body><script>' +
    `(function(){var u=${JSON.stringify(url)},sent=false;function bye(){if(sent)return;sent=true;` +
    'try{if(navigator.sendBeacon&&navigator.sendBeacon(u))return;}catch(e){}' +
    'try{fetch(u,{method:"POST",keepalive:true});}catch(e){}}' +
    'addEventListener("pagehide",bye);addEventListener("unload",bye);})();' +
    '</script></body></html>\n'
  );
}

/** The /.lp endpoint. */
export class LongPollServer {
  private readonly connections = new Map<string, LongPollConnection>();

  constructor(private readonly host: LongPollHost) {}

  /** False for any path but /.lp. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/.lp') return false;
    try {
      this.route(req, res, url);
    } catch (e) {
      const status = e instanceof HttpError ? e.status : 500;
      if (!(e instanceof HttpError)) this.host.log(`long-polling error for ${req.url}: ${(e as Error).stack}`);
      sendScript(res, status, `/* ${(e as Error).message.replace(/\*\//g, '')} */\n`);
    }
    return true;
  }

  forget(conn: LongPollConnection): void {
    if (this.connections.get(conn.id) === conn) this.connections.delete(conn.id);
  }

  /** Number of connections still known (delivered or not). */
  get size(): number {
    return this.connections.size;
  }

  closeAll(): void {
    for (const c of [...this.connections.values()]) c.finish(false);
  }

  private route(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') throw new HttpError(405, 'method not allowed');
    // A beacon's body (none is expected) is not read: drain it.
    req.resume();
    const p = url.searchParams;
    if (p.has('start')) return this.start(req, res, url);
    const id = p.get('id') ?? '';
    const conn = this.connections.get(id);
    const known = conn !== undefined && p.get('pw') === conn.pw;
    if (p.has('dframe')) {
      const body = known ? disconnectFrame(conn.id, conn.pw, p.get('ns')) : '<!doctype html><html><body></body></html>\n';
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(body);
      return;
    }
    if (p.has('disconn')) {
      if (known) conn.disconnect();
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (!known) throw new HttpError(404, 'unknown long-polling connection');
    conn.poll(url, res);
  }

  private start(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const cb = url.searchParams.get('cb') ?? '';
    if (!CALLBACK_ID.test(cb)) throw new HttpError(400, 'cb must name the callbacks (letters, digits, _ or $)');
    if (url.searchParams.has('s')) throw new HttpError(400, 'long polling cannot be an upgrade target');
    const conn = new LongPollConnection(cb, this, this.host);
    this.connections.set(conn.id, conn);
    conn.session = this.host.startSession(url, req.headers.host, conn);
    conn.start(res);
  }
}
