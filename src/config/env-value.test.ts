import { describe, expect, it } from 'vitest';
import { envValue } from './env-value';

describe('envValue', () => {
  it('treats a missing, empty or blank setting as unset, so the default applies', () => {
    expect(envValue(undefined) ?? 'default').toBe('default');
    expect(envValue('') ?? 'default').toBe('default');
    expect(envValue('   ') ?? 'default').toBe('default');
  });

  it('keeps a set value, without the spaces around it', () => {
    expect(envValue(' https://id.leopard.example/ ')).toBe('https://id.leopard.example/');
  });
});
