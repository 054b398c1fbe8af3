import { format } from 'node:util';
import { logger } from 'firebase-functions';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { post, testServers } from './http.testing';

const servers = testServers();
afterAll(() => servers.closeAll());
afterEach(() => vi.restoreAllMocks());

const GENERIC = { statusCode: 500, error: { message: 'Something went wrong on our side. Please try again.' } };

describe('an unexpected failure', () => {
  it('answers 500 in the JSON shape, and logs one ERROR entry with the original error, its stack and cause, not the request', async () => {
    // The logger writes through a console it captured at load time, so the test watches the call;
    // the entry's message is util.format of the arguments (firebase-functions' logger).
    const error = vi.spyOn(logger, 'error');
    const thrown = new Error('the database said no', { cause: new Error('PERMISSION_DENIED') });
    const url = await servers.serve('exploding', () => Promise.reject(thrown));
    const answer = await post(url, { secret: 'not-logged' }, { Authorization: 'Bearer eyJ.not-logged' });
    expect(answer).toEqual({ status: 500, json: GENERIC });
    expect(error).toHaveBeenCalledTimes(1);
    const args = error.mock.calls[0]!;
    expect(args[1]).toBe(thrown);
    expect(args[2]).toEqual({ function: 'exploding', errorName: 'Error' });
    const message = format(...(args.slice(0, 2) as [string, unknown]));
    expect(message).toContain('exploding: unexpected failure: Error: the database said no');
    expect(message).toMatch(/\n\s+at .*http-errors\.test\.ts/);
    expect(message).toContain('PERMISSION_DENIED');
    expect(format(...args)).not.toContain('not-logged');
  });

  it('a thrown value that is not an Error is logged too, named by its type', async () => {
    const error = vi.spyOn(logger, 'error');
    const url = await servers.serve('throws-string', () => Promise.reject('plain words'));
    expect(await post(url, {})).toEqual({ status: 500, json: GENERIC });
    expect(error).toHaveBeenCalledWith('throws-string: unexpected failure:', 'plain words', {
      function: 'throws-string',
      errorName: 'string',
    });
  });
});
