// The stand-in's command line, run from the package's folder as `npm start` there runs it: it
// takes its key and its webhook from its caller, as `start()` does, and serves that key only. A
// start without a key, or with a webhook URL but nothing to sign with, is refused in words before
// anything listens: the stack's credentials are no default of the package
// (docs/decisions/0126-local-services-as-packages.md#addendum-2026-11-29-no-import-leaves-a-package).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

interface Run {
  /** The exit code, or null while it still runs (then it has been stopped). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `tsx src/cli.ts <args>` in the package's folder, until it exits or prints a line matching
 *  `until`; `whileRunning` then gets what it printed, and the command is stopped. */
function cli(args: string[], until?: RegExp, whileRunning?: (stdout: string) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: PACKAGE, stdio: ['ignore', 'pipe', 'pipe'] });
    const run: Run = { code: null, stdout: '', stderr: '' };
    // A command that neither exits nor says it is ready has started where it should have refused.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString();
      if (until?.test(run.stdout) && whileRunning) {
        const check = whileRunning;
        whileRunning = undefined;
        check(run.stdout).then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGKILL');
            reject(error);
          },
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ ...run, code });
    });
  });
}

describe('the command line', () => {
  it('serves the key it was given, and no other', async () => {
    const run = await cli(['--port', '0', '--quiet', '--secret-key', 'sk_test_cli_given'], /ready on (\S+)/, async (stdout) => {
      const url = /ready on (\S+)/.exec(stdout)![1];
      const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });
      expect((await fetch(`${url}/v1/customers`, { headers: basic('sk_test_cli_given') })).status).toBe(200);
      expect((await fetch(`${url}/v1/customers`, { headers: basic('sk_test_local_leopard') })).status).toBe(401);
    });
    expect(run.stdout).toContain('no webhook URL: events are kept, not sent');
    expect(run.code).toBe(0);
  });

  it('refuses to start without a key, naming the option, rather than take the local stack’s', async () => {
    const run = await cli(['--port', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--secret-key is required');
    expect(run.stdout).not.toContain('ready');
  });

  it('refuses a webhook URL without the secret that signs its deliveries', async () => {
    const run = await cli(['--port', '0', '--secret-key', 'sk_test_cli_given', '--webhook-url', 'http://127.0.0.1:9/hook']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--webhook-url needs --webhook-secret');
    expect(run.stdout).not.toContain('ready');
  });
});
