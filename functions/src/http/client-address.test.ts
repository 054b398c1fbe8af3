import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

function request(headers: Record<string, string>, remoteAddress?: string) {
  return {
    get: (name: string) => headers[name.toLowerCase()],
    socket: { remoteAddress },
  } as unknown as Parameters<typeof clientAddress>[0];
}

describe('clientAddress', () => {
  it('takes the entry the front end appended, not what the client wrote before it', () => {
    expect(clientAddress(request({ 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientAddress(request({ 'x-forwarded-for': 'forged-1,forged-2 ,  203.0.113.9 ' }))).toBe('203.0.113.9');
  });

  it('gives a script that varies its own X-Forwarded-For the same address every time', () => {
    const seen = new Set(Array.from({ length: 20 }, (_, i) => clientAddress(request({ 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` }))));
    expect([...seen]).toEqual(['203.0.113.9']);
  });

  it('falls back to the socket peer without the header', () => {
    expect(clientAddress(request({}, '127.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddress(request({ 'x-forwarded-for': ' , ' }, '127.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddress(request({}))).toBe('unknown');
  });
});
