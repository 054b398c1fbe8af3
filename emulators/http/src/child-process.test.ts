import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { stopProcessGroup } from './child-process';

/** Whether a process with this pid is still running (a zombie is not: it has ended, and only
 *  waits for a parent to collect it, which PID 1 of a container may never do). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

/** A Node process in its own group that starts a grandchild and prints the grandchild's pid;
 *  `ignoreSigint` makes the child itself deaf to SIGINT. */
function startGroup({ ignoreSigint = false } = {}) {
  const script = `${ignoreSigint ? "process.on('SIGINT', () => {});" : ''}
    const sleeper = require('node:child_process').spawn('sleep', ['60'], { stdio: 'ignore' });
    console.log(sleeper.pid);
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const grandchild = new Promise<number>((resolve) =>
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  return { child, grandchild };
}

describe('stopProcessGroup', () => {
  test('ends the child and what it started, and resolves once the child has exited', async () => {
    const { child, grandchild } = startGroup();
    const pid = await grandchild;
    expect(alive(pid)).toBe(true);
    await stopProcessGroup(child);
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    await expect.poll(() => alive(pid)).toBe(false);
  });

  test('kills a group that ignores SIGINT once the grace time is over', async () => {
    const { child, grandchild } = startGroup({ ignoreSigint: true });
    const pid = await grandchild;
    const started = Date.now();
    await stopProcessGroup(child, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(child.signalCode).toBe('SIGKILL');
    await expect.poll(() => alive(pid)).toBe(false);
  });

  test('resolves at once for a child that has already exited', async () => {
    const child = spawn('true', { detached: true, stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    await expect(stopProcessGroup(child)).resolves.toBeUndefined();
  });
});
