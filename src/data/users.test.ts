import { describe, expect, it } from 'vitest';
import { toProfile } from './users';

describe('toProfile', () => {
  it('reads the camelCase fields, the phone number as stored (pages format it)', () => {
    const stored = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@x.io',
      phoneNumber: '+16195550199',
      address: '1 Road',
      country: 'US',
    };
    expect(toProfile(stored)).toEqual(stored);
  });

  it('falls back to the legacy snake_case fields, preferring camelCase when both exist', () => {
    expect(toProfile({ first_name: 'Old', last_name: 'Name', phone_number: '6195550100', lastName: 'New' })).toEqual({
      firstName: 'Old',
      lastName: 'New',
      email: '',
      phoneNumber: '6195550100',
      address: '',
      country: '',
    });
  });

  it('gives empty fields for a missing record or values of the wrong type', () => {
    expect(toProfile(null)).toEqual({ firstName: '', lastName: '', email: '', phoneNumber: '', address: '', country: '' });
    expect(toProfile({ firstName: 3, address: true }).firstName).toBe('');
  });
});
