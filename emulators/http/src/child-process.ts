import type { ChildProcess } from 'node:child_process';

/**
 * Stops a child started with `detached: true` (its own process group): SIGINT to the whole group,
 * so that what it started (firebase-tools' emulators, function workers, a preview server) ends
 * with it, then SIGKILL if the group is still there after `graceMs`. Resolves once the child has
 * exited; at once when it already had.
 */
export function stopProcessGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
      return true;
    } catch {
      return false; // the group is already gone
    }
  };
  return new Promise((resolve) => {
    const kill = setTimeout(() => signalGroup('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (!signalGroup('SIGINT')) {
      clearTimeout(kill);
      resolve();
    }
  });
}
