// Waiting in the conformance suite, with failure messages that say what was awaited.

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `predicate` until it returns a truthy value; fails with `message` after `timeoutMs`. */
export async function waitFor<T>(
  predicate: () => T | Promise<T>,
  message: string | (() => string),
  timeoutMs = 3000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await predicate();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      const text = typeof message === 'function' ? message() : message;
      throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${text}` + (lastError ? ` (last error: ${String(lastError)})` : ''));
    }
    await sleep(10);
  }
}

/** Rejects with a clear message if `promise` does not settle within `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
