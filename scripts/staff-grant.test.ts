// `npm run staff:grant`'s arguments, and the command's answers that contact nothing (a bad role) or
// find nothing (no stack at that offset). What it does to accounts, against the local stack's real
// Auth and database emulators, is checked in tests/e2e/staff-grant.spec.ts, on the stack that suite
// runs anyway (docs/decisions/0130-test-suite-time-round-2.md).
import { describe, expect, test } from 'vitest';
import { freePort } from '@leopard/rtdb-emulator/testing/functions-emulator';
import { BASE_PORTS, HOST, PROJECT_ID } from '../emulators/ports';
import { USAGE, UsageError, main, parseGrantArgs } from './staff-grant';

describe('parseGrantArgs', () => {
  test('an email and a role: the local stack at offset 0 by default', () => {
    expect(parseGrantArgs(['Staff@Leopard.test', 'admin'], {})).toEqual({
      email: 'staff@leopard.test',
      role: 'admin',
      target: {
        kind: 'local',
        offset: 0,
        authHost: `${HOST}:${BASE_PORTS.auth}`,
        databaseHost: `${HOST}:${BASE_PORTS.database}`,
        databaseUrl: `http://${HOST}:${BASE_PORTS.database}?ns=${PROJECT_ID}-default-rtdb`,
        projectId: PROJECT_ID,
      },
    });
  });

  test('the stack of LEOPARD_PORT_OFFSET, and --port-offset over it (both spellings)', () => {
    expect(parseGrantArgs(['a@b.co', 'support'], { LEOPARD_PORT_OFFSET: '500' }).target).toMatchObject({
      kind: 'local',
      offset: 500,
      authHost: `${HOST}:${BASE_PORTS.auth + 500}`,
      databaseHost: `${HOST}:${BASE_PORTS.database + 500}`,
    });
    expect(parseGrantArgs(['a@b.co', 'none', '--port-offset', '100'], { LEOPARD_PORT_OFFSET: '500' }).target).toMatchObject({
      offset: 100,
    });
    expect(parseGrantArgs(['--port-offset=200', 'a@b.co', 'none'], {}).target).toMatchObject({ offset: 200 });
  });

  test('--project names a real project, without emulator addresses, and its default database', () => {
    expect(parseGrantArgs(['a@b.co', 'admin', '--project', 'leopard-prod'], { LEOPARD_PORT_OFFSET: '500' })).toEqual({
      email: 'a@b.co',
      role: 'admin',
      target: { kind: 'project', projectId: 'leopard-prod', databaseUrl: 'https://leopard-prod-default-rtdb.firebaseio.com' },
    });
  });

  test('--database-url names the database of a project elsewhere (both spellings)', () => {
    const url = 'https://leopard-prod-default-rtdb.europe-west1.firebasedatabase.app';
    for (const argv of [
      ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', url],
      ['a@b.co', 'admin', `--database-url=${url}/`, '--project=leopard-prod'],
    ]) {
      expect(parseGrantArgs(argv, {}).target).toEqual({ kind: 'project', projectId: 'leopard-prod', databaseUrl: url });
    }
  });

  const mistakes: { argv: string[]; env?: Record<string, string>; says: RegExp }[] = [
    { argv: [], says: /Give an email and a role/ },
    { argv: ['a@b.co'], says: /Give an email and a role/ },
    { argv: ['a@b.co', 'admin', 'extra'], says: /Give an email and a role/ },
    { argv: ['a@b.co', 'Admin'], says: /Unknown role "Admin": use admin, support, none/ },
    { argv: ['a@b.co', 'owner'], says: /Unknown role "owner"/ },
    { argv: ['a@b.co', 'admin '], says: /Unknown role "admin "/ },
    { argv: ['not-an-email', 'admin'], says: /"not-an-email" is not an email address/ },
    { argv: ['admin', 'a@b.co'], says: /"admin" is not an email address/ },
    { argv: ['a@b.co', 'admin', '--project'], says: /--project needs a value/ },
    { argv: ['a@b.co', 'admin', '--project', 'demo-leopard'], says: /demo project.*leave out --project/ },
    { argv: ['a@b.co', 'admin', '--project', 'Not_A_Project'], says: /not a Firebase project id/ },
    { argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--port-offset', '1'], says: /do not go together/ },
    { argv: ['a@b.co', 'admin', '--port-offset', 'ten'], says: /--port-offset must be a whole number/ },
    { argv: ['a@b.co', 'admin', '--port-offset', '60000'], says: /Port offset 60000 puts/ },
    { argv: ['a@b.co', 'admin'], env: { LEOPARD_PORT_OFFSET: 'x' }, says: /LEOPARD_PORT_OFFSET must be a whole number/ },
    { argv: ['a@b.co', 'admin', '--force'], says: /Unknown option --force/ },
    { argv: ['a@b.co', 'admin', '--database-url', 'https://x-default-rtdb.firebaseio.com'], says: /--database-url goes with --project/ },
    { argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url'], says: /--database-url needs a value/ },
    { argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', 'leopard'], says: /"leopard" is not a URL/ },
    {
      argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', 'http://leopard-prod-default-rtdb.firebaseio.com'],
      says: /is not a Realtime Database address/,
    },
    {
      argv: ['a@b.co', 'admin', '--project', 'leopard-prod', '--database-url', 'https://evil.example/leopard'],
      says: /is not a Realtime Database address/,
    },
  ];
  test.for(mistakes.map((m) => [`${JSON.stringify(m.argv)}${m.env ? ` ${JSON.stringify(m.env)}` : ''}`, m] as const))(
    '%s → a usage error that says what to change',
    ([, { argv, env, says }]) => {
      expect(() => parseGrantArgs(argv, env ?? {})).toThrow(UsageError);
      expect(() => parseGrantArgs(argv, env ?? {})).toThrow(says);
    },
  );

  test('the usage line names the roles of src/data/staff.ts', () => {
    expect(USAGE).toBe(
      'Usage: npm run staff:grant -- <email> <admin|support|none> [--project <id> [--database-url <url>]] [--port-offset N]',
    );
  });
});

describe('main (the command), before anything is contacted', () => {
  test('a bad role → exit 2 with the usage', async () => {
    const { code, err } = await run(['a@b.co', 'superuser']);
    expect(code).toBe(2);
    expect(err).toContain('Unknown role "superuser"');
    expect(err).toContain(USAGE);
  });

  test('no stack at that offset → exit 1, telling to start it', async () => {
    const offset = (await freePort()) - BASE_PORTS.auth;
    const { code, err } = await run(['a@b.co', 'admin', '--port-offset', String(offset)]);
    expect(code).toBe(1);
    expect(err).toContain(`Could not reach the Auth emulator at ${HOST}:${BASE_PORTS.auth + offset}`);
    expect(err).toContain(`npm start -- --port-offset ${offset}`);
  });
});

/** Runs the command in this process, collecting what it prints. */
async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { log: (line) => out.push(line), error: (line) => err.push(line), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
