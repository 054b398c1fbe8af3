// Live (README "Data viewer", Live): one REST event stream on the namespace's root says which
// locations changed, and the expanded nodes there are fetched again. Where the server has no REST
// streaming (it answers without an event stream, or cancels it) the page polls every POLL_MS.

import { $ } from './page';
import { parsePath } from './paths';
import { state } from './state';
import { invalidate, refreshAll } from './tree-data';

const POLL_MS = 2000;

const setLive = (text: string) => ($('live').textContent = text);

function stopLive(): void {
  state.stream?.close();
  state.stream = null;
  if (state.poll !== null) clearInterval(state.poll);
  state.poll = null;
}

function startPolling(): void {
  stopLive();
  setLive(`Live: polling every ${POLL_MS / 1000} s (this server has no REST streaming)`);
  state.poll = setInterval(() => void refreshAll(), POLL_MS);
}

/** A `put` or `patch` event: its data names the location that changed. */
function onChange(e: MessageEvent<string>): void {
  try {
    const d = JSON.parse(e.data) as { path?: unknown } | null;
    invalidate(parsePath(String(d?.path ?? '/')));
  } catch {
    invalidate([]);
  }
}

export function startLive(): void {
  stopLive();
  if (typeof EventSource === 'undefined') return startPolling();
  const es = new EventSource(`/.json?${new URLSearchParams({ ns: state.ns, auth: 'owner' })}`);
  state.stream = es;
  let opened = false;
  es.addEventListener('open', () => {
    if (opened) void refreshAll(); // reconnected: catch up
    opened = true;
    setLive('Live: streaming changes');
  });
  es.addEventListener('put', onChange);
  es.addEventListener('patch', onChange);
  es.addEventListener('cancel', () => startPolling());
  es.addEventListener('error', () => {
    if (state.stream !== es) return;
    if (!opened || es.readyState === EventSource.CLOSED) startPolling();
    else setLive('Live: reconnecting…');
  });
}
