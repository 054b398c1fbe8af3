// Reading request bodies within limits, and the error type an HTTP handler answers with, for the
// three local services (the database emulator's REST and long polling, the Stripe and EmailJS
// stand-ins). Nothing here knows any one service: each words its own refusals (`tooLarge`).

import type { IncomingMessage, ServerResponse } from 'node:http';

/** A refusal to answer with `status` and `message` (each server words its own body). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface BodyLimits {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** The whole body must have arrived this long after the headers; no limit when absent. */
  timeoutMs?: number;
  /** The error for a body over `maxBytes` (default: HttpError 413). */
  tooLarge?: () => Error;
}

const defaultTooLarge = (maxBytes: number) => () => new HttpError(413, `Request body exceeds the maximum size of ${maxBytes} bytes`);

/** Refuses (throws `tooLarge`) a body whose announced size is over the limit, before any of it is read. */
export function checkDeclaredSize(req: IncomingMessage, limits: BodyLimits): void {
  if (Number(req.headers['content-length']) > limits.maxBytes) throw (limits.tooLarge ?? defaultTooLarge(limits.maxBytes))();
}

/** The request body: `tooLarge` when its announced size or the bytes received pass the limit,
 *  HttpError 408 when it has not all arrived within the timeout. Either way reading stops there
 *  (closeUnreadAfterAnswer then closes the connection), so nothing beyond the limit is ever
 *  buffered. */
export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  try {
    checkDeclaredSize(req, limits);
  } catch (e) {
    return Promise.reject(e as Error);
  }
  const tooLarge = limits.tooLarge ?? defaultTooLarge(limits.maxBytes);
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const stop = (e: Error | null) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      stopReading(req);
      if (e) {
        chunks = [];
        reject(e);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limits.maxBytes) stop(tooLarge());
      else chunks.push(c);
    };
    const onEnd = () => stop(null);
    const onError = () => stop(new HttpError(400, 'The request body could not be read'));
    const timer =
      limits.timeoutMs === undefined
        ? undefined
        : setTimeout(() => stop(new HttpError(408, `Request body not received within ${limits.timeoutMs} ms`)), limits.timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Call when a request arrives: an answer given before its whole body arrived (a refusal) closes
 *  the connection, since reading the rest only to discard it would cost what refusing early saves.
 *  (Prepended: it has to run before node's own 'finish' handler, which would drain the body.) */
export function closeUnreadAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.prependOnceListener('finish', () => {
    if (!bodyPending(req)) return;
    stopReading(req);
    closeUnread(req);
  });
}

/** Ends a connection whose request body is still arriving, after the answer went out: reading
 *  stops, FIN follows the answer, and the socket is dropped a second later. (Destroying it at
 *  once would reset a connection with unread data, and a client still sending could see that
 *  reset before the answer. A `Connection: close` header makes node destroy it at once.) */
function closeUnread(req: IncomingMessage): void {
  const socket = req.socket;
  socket.end();
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Stop taking in a body that will not be read: paused, the request fills to its high-water mark
 *  and node stops reading the socket. The read() (dropping what is buffered) marks the body as
 *  consumed; a body never read is otherwise drained, read and discarded to its end, by node once
 *  the answer is sent. (read(0) would not do: it reads nothing when the buffer is already full.) */
function stopReading(req: IncomingMessage): void {
  req.pause();
  req.read();
}

/** Whether part of the request body has not arrived yet. */
function bodyPending(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
