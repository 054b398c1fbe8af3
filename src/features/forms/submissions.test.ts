// The forms' data access is exercised for real by the rules tests (tests/rules: the same quota
// step against the database emulator) and the e2e forms tests; here, which message a failure gets.
import { describe, expect, it } from 'vitest';
import { FirebaseSetupError } from '@/firebase/clients';
import { ServerUnreachableError } from '@/firebase/connection';
import { StoreError, storeFailureOf } from './submissions';

describe('storeFailureOf', () => {
  it('reports a refusal by the rules as "denied"', () => {
    expect(storeFailureOf(Object.assign(new Error('PERMISSION_DENIED: Permission denied'), { code: 'PERMISSION_DENIED' }))).toBe('denied');
    expect(storeFailureOf(new Error('permission_denied at /submissions/contact'))).toBe('denied');
  });

  it('reports a build without Firebase as "setup" and a write that took too long as "timeout"', () => {
    expect(storeFailureOf(new FirebaseSetupError())).toBe('setup');
    expect(storeFailureOf(new ServerUnreachableError())).toBe('timeout');
  });

  it('keeps the reason of a StoreError (the quota) and calls anything else "unknown"', () => {
    expect(storeFailureOf(new StoreError('quota', { waitMinutes: 12 }))).toBe('quota');
    expect(storeFailureOf(new TypeError('Failed to fetch'))).toBe('unknown');
  });
});
