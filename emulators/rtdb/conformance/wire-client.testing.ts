// A raw WebSocket speaking the database's wire protocol (v5, see
// emulators/rtdb/docs/protocol.md#connection-and-framing and emulators/rtdb/docs/protocol.md#actions),
// for what the SDKs never send: malformed frames, oversized messages, requests out of order.
import WebSocket from 'ws';
import { EMULATOR_HOST } from './target.testing';
import { sleep, waitFor, withTimeout } from './waiting.testing';

const openSockets = new Set<WebSocket>();

/** Terminates every raw connection still open (closeAll calls it). */
export function closeRawConnections(): void {
  for (const s of openSockets) s.terminate();
  openSockets.clear();
}

export interface WireResponse {
  s: string;
  d?: unknown;
}

/** A raw protocol connection, reassembling the server's frame-count-prefixed messages. */
export class RawConnection {
  readonly messages: Array<Record<string, unknown>> = [];
  readonly unparsable: string[] = [];
  closeInfo: { code: number; reason: string } | null = null;
  private pendingFrames = 0;
  private buffer: string[] = [];
  private nextR = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      const frame = isBinary ? `<binary ${Buffer.from(data as Buffer).length} bytes>` : data.toString();
      this.onFrame(frame);
    });
    ws.on('close', (code: number, reason: Buffer) => {
      this.closeInfo = { code, reason: reason.toString() };
      openSockets.delete(ws);
    });
    ws.on('error', () => {
      /* surfaced through closeInfo */
    });
  }

  /** `host` (host:port) points it at another emulator than the suite's. */
  static async open(ns: string, query = `v=5&ns=${encodeURIComponent(ns)}`, host = EMULATOR_HOST): Promise<RawConnection> {
    const ws = new WebSocket(`ws://${host}/.ws?${query}`);
    openSockets.add(ws);
    const conn = new RawConnection(ws);
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      }),
      3000,
      `raw WebSocket to ws://${host}/.ws?${query} to open`,
    );
    return conn;
  }

  private onFrame(frame: string) {
    if (this.pendingFrames === 0 && frame.length <= 6 && /^\d+$/.test(frame)) {
      const n = Number(frame);
      if (n > 0) {
        this.pendingFrames = n;
        this.buffer = [];
      }
      return;
    }
    if (this.pendingFrames > 0) {
      this.buffer.push(frame);
      if (this.buffer.length < this.pendingFrames) return;
      frame = this.buffer.join('');
      this.pendingFrames = 0;
      this.buffer = [];
    }
    try {
      this.messages.push(JSON.parse(frame) as Record<string, unknown>);
    } catch {
      this.unparsable.push(frame);
    }
  }

  get isClosed(): boolean {
    return this.closeInfo !== null;
  }

  /** The handshake control message ({t:'c', d:{t:'h', d:{ts,v,h,s}}}); waits for it. */
  async handshake(timeoutMs = 3000): Promise<{ ts: number; v: string; h: string; s: string }> {
    const msg = await waitFor(() => this.messages[0], 'the server to send the handshake as its first message', timeoutMs);
    const d = msg.d as { t?: string; d?: { ts: number; v: string; h: string; s: string } } | undefined;
    if (msg.t !== 'c' || d?.t !== 'h' || !d.d) {
      throw new Error(`first server message is not a handshake: ${JSON.stringify(msg)}`);
    }
    return d.d;
  }

  sendFrame(frame: string | Buffer): void {
    this.ws.send(frame);
  }

  /** Sends a message, splitting it into 16384-character frames with a count prefix when long. */
  sendMessage(message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    const size = 16384;
    if (text.length <= size) {
      this.ws.send(text);
      return;
    }
    const parts: string[] = [];
    for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
    this.ws.send(String(parts.length));
    for (const p of parts) this.ws.send(p);
  }

  /** The reply to request number r, or null if none arrived (or the socket closed) in time. */
  async replyTo(r: number, timeoutMs = 3000): Promise<WireResponse | null> {
    const find = () =>
      this.messages.find((m) => {
        const d = m.d as { r?: number } | undefined;
        return m.t === 'd' && d?.r === r;
      });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = find();
      if (m) return (m.d as { b: WireResponse }).b;
      if (this.isClosed) return null;
      await sleep(10);
    }
    return find() ? ((find()!.d as { b: WireResponse }).b as WireResponse) : null;
  }

  /** Sends {t:'d', d:{r, a, b}} and waits for its reply (null on close or timeout). */
  async request(a: string, b: unknown, timeoutMs = 3000): Promise<WireResponse | null> {
    const r = this.nextR++;
    this.sendMessage({ t: 'd', d: { r, a, b } });
    return this.replyTo(r, timeoutMs);
  }

  /** Waits until the socket closes; resolves true if it closed within the time. */
  async waitClosed(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.isClosed) return true;
      await sleep(10);
    }
    return this.isClosed;
  }

  close(): void {
    if (!this.isClosed) this.ws.close();
  }
}
