// The realtime transports' front door: WebSocket connections at /.ws (framing and limits here),
// long polling at /.lp (long-polling.ts), and the sessions both carry (session.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger, Namespace } from './namespace';
import { type ConnectionLimits, type Transport, Session } from './session';
import { LongPollServer } from './long-polling';

export { authFromCredential, objectToUniqueKey } from './session';

const MAX_FRAME = 16384;

/** Split a message into frames of at most MAX_FRAME UTF-16 units, never inside a surrogate pair. */
export function splitFrames(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    let end = Math.min(i + MAX_FRAME, s.length);
    if (end < s.length) {
      const c = s.charCodeAt(end - 1);
      if (c >= 0xd800 && c <= 0xdbff) end--;
    }
    out.push(s.slice(i, end));
    i = end;
  }
  return out;
}

/** One WebSocket: frame-count reassembly and splitting, keepalives, size/time/idle limits. */
export class WebSocketConnection implements Transport {
  readonly kind = 'websocket';
  session: Session | null = null;
  /** The fragments of a frame-count message so far (null: none under way). */
  private frames: string[] | null = null;
  private framesExpected = 0;
  private framesBytes = 0;
  /** The count announced more than the limit can hold: nothing is buffered, the message is refused. */
  private framesRefused = false;
  private fragmentTimer: NodeJS.Timeout | null = null;
  private readonly idleTimer: NodeJS.Timeout;
  /** Closing on a limit: later frames are ignored. */
  private shutting = false;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly log: Logger,
    private readonly limits: ConnectionLimits,
  ) {
    this.idleTimer = setTimeout(() => this.shut(1008, 'idle timeout'), limits.idleTimeoutMs).unref();
    ws.on('message', (data) => {
      const bytes = data as Buffer; // one whole message, text or binary (binaryType stays 'nodebuffer')
      this.onFrame(bytes.toString('utf8'), bytes.length);
    });
    ws.on('close', () => this.onClose());
    ws.on('error', (e) => log(`socket error: ${e.message}`));
  }

  // ------------------------------------------------------------------------------ Transport

  send(msg: object): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.idleTimer.refresh();
    const s = JSON.stringify(msg);
    if (s.length <= MAX_FRAME) {
      this.ws.send(s);
      return;
    }
    const frames = splitFrames(s);
    this.ws.send(String(frames.length));
    for (const f of frames) this.ws.send(f);
  }

  close(reason: string): void {
    if (this.closed) return;
    this.shut(1000, reason);
  }

  retire(): void {
    this.close('session moved to another transport');
  }

  /** Cut the socket at once (the emulator is stopping). */
  terminate(): void {
    this.ws.terminate();
  }

  // ------------------------------------------------------------------------------ framing

  /** One incoming WebSocket text frame of `bytes` bytes (ws refuses single frames over the limit). */
  onFrame(data: string, bytes = Buffer.byteLength(data)): void {
    if (this.shutting || this.closed) return;
    this.idleTimer.refresh();
    if (this.frames !== null) return this.addFragment(data, bytes);
    if (data.length <= 6) {
      const n = Number(data);
      if (data.trim() !== '' && Number.isInteger(n) && n >= 0) {
        if (n > 1) this.startFragments(n);
        return; // 0 is a keepalive; after 1 the next frame is a whole message anyway
      }
    }
    this.onMessage(data);
  }

  /** A frame count: the next n frames are one message, due within the message timeout. */
  private startFragments(n: number): void {
    this.frames = [];
    this.framesExpected = n;
    this.framesBytes = 0;
    // All fragments of an SDK message but the last have MAX_FRAME characters, each at least a
    // byte: a count that cannot fit the limit is refused before anything is buffered. Its first
    // fragment (sent right behind the count) is awaited only briefly, for the request number.
    this.framesRefused = (n - 1) * MAX_FRAME > this.limits.maxMessageBytes;
    const wait = this.framesRefused ? Math.min(1000, this.limits.messageTimeoutMs) : this.limits.messageTimeoutMs;
    this.fragmentTimer = setTimeout(() => {
      if (this.framesRefused) this.refuseTooBig(null);
      else this.shut(1008, 'incomplete message timed out');
    }, wait).unref();
  }

  private addFragment(data: string, bytes: number): void {
    const frames = this.frames!;
    this.framesBytes += bytes;
    if (this.framesRefused || this.framesBytes > this.limits.maxMessageBytes) return this.refuseTooBig(frames[0] ?? data);
    frames.push(data);
    if (frames.length < this.framesExpected) return;
    this.endFragments();
    this.onMessage(frames.join(''));
  }

  private endFragments(): void {
    this.frames = null;
    if (this.fragmentTimer) clearTimeout(this.fragmentTimer);
    this.fragmentTimer = null;
  }

  /** A message over the limit: answered too_big (when its request number is known), then closed. */
  private refuseTooBig(first: string | null): void {
    this.session?.refuseTooBig(first, this.limits.maxMessageBytes);
    this.shut(1009, 'message too big');
  }

  /** Close with `code`. A peer that does not answer the close frame is cut off a second later. */
  private shut(code: number, reason: string): void {
    if (this.shutting || this.closed) return;
    this.shutting = true;
    this.endFragments();
    if (code !== 1000) this.log(`closing connection ${this.session?.id ?? '(no session)'}: ${reason}`);
    this.ws.close(code, reason.slice(0, 120));
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  private onMessage(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.shut(1003, 'malformed JSON');
      return;
    }
    if (!this.session || !this.session.receive(this, msg)) this.shut(1003, 'malformed message');
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.endFragments();
    this.session?.transportClosed(this);
  }
}

export interface RealtimeOptions {
  getNamespace(name: string): Namespace;
  namespaceFor(url: URL, hostHeader: string | undefined): string;
  log: Logger;
  limits: ConnectionLimits;
  /** host:port for the handshake when a request has no Host header. */
  defaultHost(): string;
  /** Long polling: how long a poll is held open when there is nothing to send (default 20 s,
   *  below the browser SDK's 25 s, after which it opens another poll anyway). */
  longPollHoldMs?: number;
}

/** All realtime sessions of one emulator, over either transport. */
export class RealtimeServer {
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<WebSocketConnection>();
  /** Live sessions by id (the handshake's `s`): upgrades (`s=`) and reconnects (`ls=`) name them. */
  private readonly sessions = new Map<string, Session>();
  private readonly longPoll: LongPollServer;

  constructor(private readonly options: RealtimeOptions) {
    // ws refuses (1009, closing the socket) any single frame over the limit while reading it.
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: options.limits.maxMessageBytes });
    this.longPoll = new LongPollServer({
      log: options.log,
      limits: options.limits,
      holdMs: options.longPollHoldMs ?? 20_000,
      startSession: (url, hostHeader, transport) => this.startSession(url, hostHeader, transport),
    });
  }

  /** A new session on `transport` for the request at `url`; a session named by `ls=` (the
   *  client's previous one, if the server still holds it) ends first, with its onDisconnect. */
  private startSession(url: URL, hostHeader: string | undefined, transport: Transport): Session {
    const last = url.searchParams.get('ls');
    if (last) this.sessions.get(last)?.terminate('the client reconnected');
    const ns = this.options.getNamespace(this.options.namespaceFor(url, hostHeader));
    const session = new Session(
      { ns, host: hostHeader ?? this.options.defaultHost(), log: this.options.log, onEnd: (s) => this.sessions.delete(s.id) },
      transport,
    );
    this.sessions.set(session.id, session);
    return session;
  }

  /** Long-polling requests (`/.lp`); false for any other path. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    return this.longPoll.handle(req, res);
  }

  /** HTTP upgrades: `/.ws` becomes a WebSocket session, or joins one it upgrades (`s=`). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/.ws') {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new WebSocketConnection(ws, this.options.log, this.options.limits);
      this.sockets.add(conn);
      ws.on('close', () => this.sockets.delete(conn));
      const upgrading = url.searchParams.get('s');
      if (upgrading) {
        const session = this.sessions.get(upgrading);
        if (session && session.offerUpgrade(conn)) {
          conn.session = session;
          return;
        }
        // Nothing to upgrade: a reset makes the SDK drop this secondary and stay where it is.
        conn.send({ t: 'c', d: { t: 'r', d: req.headers.host ?? this.options.defaultHost() } });
        conn.close('unknown session');
        return;
      }
      conn.session = this.startSession(url, req.headers.host, conn);
    });
  }

  /** Number of live sessions by the transport carrying them (for tests and the bench). */
  counts(): { websocket: number; longPolling: number } {
    let websocket = 0;
    let longPolling = 0;
    for (const s of this.sessions.values()) {
      if (s.transport.kind === 'websocket') websocket++;
      else longPolling++;
    }
    return { websocket, longPolling };
  }

  /** Ends every session (their onDisconnect writes run now) and cuts every socket. */
  async closeAll(): Promise<void> {
    for (const s of [...this.sessions.values()]) s.terminate('emulator stopping');
    for (const c of this.sockets) c.terminate();
    this.longPoll.closeAll();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
