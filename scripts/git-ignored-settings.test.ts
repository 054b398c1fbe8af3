/** The deployer's settings stay on their machine: .env.example promises that `.env.production`
 *  is never committed, and `functions/.env.<project>` holds the project's mail addresses and
 *  origins beside it (README "Deploying", steps 3 and 6). */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** What git's ignore rules say of a path, whether or not the file exists or is tracked. */
function isIgnored(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', '--quiet', path], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // Exit status 1: not ignored; anything else is git failing, which the test must show.
    if ((error as { status?: number }).status === 1) return false;
    throw error;
  }
}

describe('settings files and git', () => {
  it.each([
    '.env.production',
    '.env.production.local',
    '.env.development.local',
    '.env.local',
    'functions/.env.leopard-prod',
    'functions/.env.local',
    'functions/.env',
    'functions/.secret.local',
  ])('ignores %s', (path) => {
    expect(isIgnored(path)).toBe(true);
  });

  it.each(['.env.example', '.env.emulators'])('keeps %s, which the repository needs', (path) => {
    expect(isIgnored(path)).toBe(false);
  });
});
