// The demo submissions `npm start` writes with admin access, which skips the rules: here they are
// held to what the forms send and the rules accept (src/config/data-limits.ts, src/data/staff.ts),
// so the console shows records a visitor could really have sent.
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, PHONE_PATTERN, TEXT_LIMITS, type SubmissionKind } from '../src/config/data-limits';
import { SUBMISSION_INDEX_FIELDS, submissionRange } from '../src/data/list-index';
import { SUBMISSION_STATUSES } from '../src/data/staff';
import { submissionIndexFields } from '../src/data/submission-index-fields';
import { WAITLIST_PROGRAMMES } from '../src/config/waitlist-programmes';
import { DEMO_STAFF, demoSubmissions } from './seed';

const NOW = Date.UTC(2026, 10, 26, 12);
const submissions = demoSubmissions(NOW);
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** The time a push id was made at (its first 8 characters). */
const pushIdTime = (id: string) => [...id.slice(0, 8)].reduce((time, char) => time * 64 + PUSH_CHARS.indexOf(char), 0);

describe('demo submissions', () => {
  it('two inquiries, an entry on each waitlist and two pending pre-orders', () => {
    expect(Object.keys(submissions).sort()).toEqual(['contact', 'preorder', 'waitlist']);
    expect(Object.values(submissions.contact)).toHaveLength(2);
    expect(Object.values(submissions.waitlist).map((entry) => entry.programme)).toEqual(expect.arrayContaining([...WAITLIST_PROGRAMMES]));
    expect(Object.values(submissions.preorder)).toHaveLength(2);
  });

  it('carry exactly the fields a visitor sends and the first state with its list keys, as submitForm stores them', () => {
    const fields = {
      contact: ['name', 'email', 'phone', 'city', 'message', 'createdAt', 'page'],
      waitlist: ['full__name', 'email', 'createdAt', 'page', 'programme'],
      preorder: ['full__name', 'email', 'createdAt', 'page'],
    };
    for (const [kind, records] of Object.entries(submissions) as [SubmissionKind, Record<string, Record<string, unknown>>][]) {
      for (const record of Object.values(records)) {
        expect(Object.keys(record).sort()).toEqual([...fields[kind], 'status', ...SUBMISSION_INDEX_FIELDS].sort());
        expect(record.status).toBe(SUBMISSION_STATUSES[kind][0]);
        expect(record).toMatchObject(submissionIndexFields(kind, record));
      }
    }
  });

  it('are found by the console’s first page of each list', () => {
    const firstPage = (kind: SubmissionKind, group: string) => {
      const { field, start } = submissionRange({ group, status: null, search: '', sort: 'newest' });
      return Object.values(submissions[kind]!).filter((record) => record[field] === start);
    };
    expect(firstPage('contact', 'contact')).toHaveLength(2);
    expect(firstPage('waitlist', 'builder')).toHaveLength(1);
    expect(firstPage('waitlist', 'open-access')).toHaveLength(1);
    expect(firstPage('preorder', 'preorder')).toHaveLength(2);
  });

  it('are valid by the limits and patterns of the forms and the rules', () => {
    for (const records of Object.values(submissions)) {
      for (const record of Object.values(records) as Record<string, string>[]) {
        expect(record.email).toMatch(EMAIL_PATTERN);
        expect(record.page.startsWith('/')).toBe(true);
        for (const key of ['name', 'full__name', 'city'] as const)
          if (record[key] !== undefined) expect(record[key].length).toBeLessThanOrEqual(TEXT_LIMITS.fullName);
        if (record.phone !== undefined) {
          expect(record.phone).toMatch(PHONE_PATTERN);
          expect(record.phone.length).toBeLessThanOrEqual(TEXT_LIMITS.phone);
        }
        if (record.message !== undefined) expect(record.message.length).toBeLessThanOrEqual(TEXT_LIMITS.message);
      }
    }
  });

  it('were sent before the stack started, each keyed by a push id of its own time', () => {
    for (const records of Object.values(submissions)) {
      for (const [id, record] of Object.entries(records) as [string, { createdAt: number }][]) {
        expect(record.createdAt).toBeLessThan(NOW);
        expect(id).toMatch(/^[-0-9A-Za-z_]{20}$/);
        expect(pushIdTime(id)).toBe(record.createdAt);
      }
    }
  });
});

describe('the demo staff account', () => {
  it('is staff@leopard.test / leopard-staff, an admin', () => {
    expect(DEMO_STAFF).toMatchObject({ email: 'staff@leopard.test', password: 'leopard-staff', role: 'admin' });
  });
});
