import { describe, expect, it } from 'vitest';
import { STAFF_API_MESSAGES, staffOutcome } from './staff-api';

describe('staffOutcome', () => {
  it('passes the data of a success through', () => {
    expect(staffOutcome({ reached: true, status: 200, body: { statusCode: 200, data: { changed: true } } })).toEqual({
      ok: true,
      data: { changed: true },
    });
  });

  it("shows the function's own refusal text", () => {
    const body = { statusCode: 409, error: { message: 'This pre-order was declined; a declined pre-order cannot be approved.' } };
    expect(staffOutcome({ reached: true, status: 409, body })).toEqual({ ok: false, status: 409, message: body.error.message });
  });

  it('words a refusal without text by its status, never as a stack trace', () => {
    expect(staffOutcome({ reached: true, status: 403, body: null })).toMatchObject({ message: STAFF_API_MESSAGES.forbidden });
    expect(staffOutcome({ reached: true, status: 401, body: '<html>' })).toMatchObject({ message: STAFF_API_MESSAGES.signedOut });
    expect(staffOutcome({ reached: true, status: 500, body: null })).toMatchObject({ message: STAFF_API_MESSAGES.refused(500) });
    expect(staffOutcome({ reached: true, status: 200, body: { statusCode: 200 } })).toMatchObject({
      ok: false,
      message: STAFF_API_MESSAGES.malformed,
    });
  });

  it('tells an unreachable service from one this site does not know', () => {
    expect(staffOutcome({ reached: false, reason: 'unreachable' })).toMatchObject({ message: STAFF_API_MESSAGES.unreachable });
    expect(staffOutcome({ reached: false, reason: 'not-configured' })).toMatchObject({ message: STAFF_API_MESSAGES.notConfigured });
  });
});
