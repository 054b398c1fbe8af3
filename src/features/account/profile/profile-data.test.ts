import { describe, expect, it } from 'vitest';
import { toProfile } from './profile-data';

describe('toProfile', () => {
  it('reads the camelCase fields', () => {
    expect(toProfile({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io', phoneNumber: '5551234567', address: '1 Road' })).toEqual({
      firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io', phoneNumber: '5551234567', address: '1 Road',
    });
  });

  it('falls back to the legacy snake_case fields, preferring camelCase when both exist', () => {
    expect(toProfile({ first_name: 'Old', last_name: 'Name', phone_number: '5550000000', lastName: 'New' })).toEqual({
      firstName: 'Old', lastName: 'New', email: '', phoneNumber: '5550000000', address: '',
    });
  });

  it('gives empty fields for a missing record or values of the wrong type', () => {
    expect(toProfile(null)).toEqual({ firstName: '', lastName: '', email: '', phoneNumber: '', address: '' });
    expect(toProfile({ firstName: 3, address: true }).firstName).toBe('');
  });
});
