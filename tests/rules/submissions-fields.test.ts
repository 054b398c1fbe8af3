// The checks of src/data/submission-fields.ts, which the forms run as the person types and the
// `submitForm` function runs again on what arrives: the limits and patterns of
// src/config/data-limits.ts (the candidates are the rules tests' own, so they all agree), required
// fields, unknown fields, the page. No database here.
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, PHONE_PATTERN, SUBMISSION_KINDS, TEXT_LIMITS } from '../../src/config/data-limits';
import { FORM_FIELDS, parseSubmission } from '../../src/data/submission-fields';
import { EMAIL_CASES, PHONE_CASES } from './patterns.testing';

const CONTACT = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 (555) 123-4567', city: 'London', message: 'Hello' };
const JOIN = { full__name: 'Ada Lovelace', email: 'ada@example.com' };
const contact = (change: Record<string, unknown>) =>
  parseSubmission({ kind: 'contact', fields: { ...CONTACT, ...change }, page: '/contact' });

describe('parseSubmission', () => {
  it('answers the trimmed fields and the page', () => {
    expect(contact({ name: '  Ada Lovelace ' })).toEqual({ ok: true, kind: 'contact', fields: CONTACT, page: '/contact' });
    expect(parseSubmission({ kind: 'waitlist', fields: { ...JOIN, programme: 'builder' }, page: '/waitlist' })).toMatchObject({
      ok: true,
      fields: { ...JOIN, programme: 'builder' },
    });
  });

  // Values are checked trimmed, as they are stored: a candidate is judged by the pattern on that.
  it.each(EMAIL_CASES)('email $label', ({ value }) => {
    expect(contact({ email: value }).ok).toBe(EMAIL_PATTERN.test(value.trim()) && value.trim().length <= TEXT_LIMITS.email);
  });

  it.each(PHONE_CASES)('phone $label', ({ value }) => {
    const trimmed = value.trim();
    const expected = PHONE_PATTERN.test(trimmed) && trimmed.length >= TEXT_LIMITS.phoneMin && trimmed.length <= TEXT_LIMITS.phone;
    expect(contact({ phone: value }).ok).toBe(expected);
  });

  it.each([
    ['name', TEXT_LIMITS.fullName],
    ['city', TEXT_LIMITS.city],
    ['message', TEXT_LIMITS.message],
  ])('%s: up to %i characters', (field, max) => {
    expect(contact({ [field]: 'x'.repeat(max) }).ok).toBe(true);
    expect(contact({ [field]: 'x'.repeat(max + 1) })).toMatchObject({ ok: false, field });
    expect(contact({ [field]: '   ' })).toMatchObject({ ok: false, field });
  });

  it('every kind asks for its fields and nothing else', () => {
    for (const kind of SUBMISSION_KINDS) {
      const fields = kind === 'contact' ? CONTACT : JOIN;
      expect(Object.keys(FORM_FIELDS[kind]).sort()).toEqual(Object.keys(fields).sort());
      expect(parseSubmission({ kind, fields: { ...fields, status: 'new' }, page: '/' })).toMatchObject({ ok: false, field: 'status' });
    }
  });

  it.each([
    ['/', true],
    [`/${'p'.repeat(TEXT_LIMITS.page - 1)}`, true],
    [`/${'p'.repeat(TEXT_LIMITS.page)}`, false],
    ['contact', false],
    ['https://example.com/contact', false],
    ['/a\nb', false],
    [1, false],
  ])('page %j → %s', (page, ok) => {
    expect(parseSubmission({ kind: 'preorder', fields: JOIN, page }).ok).toBe(ok);
  });
});
