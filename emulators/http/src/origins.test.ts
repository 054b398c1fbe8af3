// Which Host a service answers (docs: emulators/rtdb/docs/protocol.md#host-names), judged as the
// gate judges a request: this machine's names and the service's own, never a name that a DNS
// record could point here. The gate as each service applies it is in services/origins.test.ts.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { originGate } from './origins';

const gate = (host: string) => originGate({ service: 'Test service', host, port: () => 9000 });
/** Each host with what the gate says of it, so that a failure names the host. */
const judged = (host: string, hosts: readonly string[]) => hosts.map((value) => [value, gate(host).servesHost(value)]);
const request = (headers: Record<string, string>) => ({ method: 'GET', headers }) as unknown as IncomingMessage;

describe('the Host a service answers', () => {
  it('serves every loopback name, with or without a port, in any case; refuses every other name, however close', () => {
    const served = [
      '127.0.0.1:9000',
      '127.0.0.1',
      '127.1.2.3:9000',
      'localhost:9000',
      'LOCALHOST',
      'ns.localhost:9000',
      '[::1]:9000',
      '[::1]',
    ];
    const refused = [
      'evil.test:9000',
      'evil.test',
      '127.0.0.1.evil.test:9000',
      'localhost.evil.test',
      'localhost.:9000',
      '192.168.1.20:9000',
    ];
    // Values no client writes, which a lax parser could read as a loopback name.
    refused.push('evil.test:9000@127.0.0.1', '127.0.0.1:9000/evil.test', '127.0.0.1:9000:9000', '127.0.0.1\\evil.test', '[::2]:9000', '');
    expect(judged('127.0.0.1', [...served, ...refused])).toEqual([...served.map((h) => [h, true]), ...refused.map((h) => [h, false])]);
  });

  it("serves the service's own host name, and any IP address when it listens on every interface", () => {
    expect(gate('devbox.lan').servesHost('DevBox.lan:9000')).toBe(true);
    expect(gate('devbox.lan').servesHost('localhost:9000')).toBe(true);
    expect(gate('devbox.lan').servesHost('other.lan:9000')).toBe(false);
    expect(gate('::1').servesHost('[::1]:9000')).toBe(true);
    for (const wildcard of ['0.0.0.0', '::']) {
      expect(gate(wildcard).servesHost('192.168.1.20:9000')).toBe(true);
      expect(gate(wildcard).servesHost('[fe80::1]:9000')).toBe(true);
      expect(gate(wildcard).servesHost('evil.test:9000')).toBe(false);
    }
    expect(gate('127.0.0.1').servesHost('192.168.1.20:9000')).toBe(false);
  });

  it('refuses a foreign Host with 421 before looking at the page, even for an allowed origin', () => {
    const refusal = gate('127.0.0.1').refusal(request({ host: 'evil.test:9000', origin: 'http://localhost:5173' }));
    expect(refusal?.status).toBe(421);
    expect(refusal?.text).toMatch(
      /^Test service: requests for the host "evil\.test:9000" are refused; it answers only at its own address \(127\.0\.0\.1:9000\)/,
    );
    expect(gate('127.0.0.1').refusal(request({ host: 'localhost:9000', origin: 'http://localhost:5173' }))).toBeNull();
    expect(gate('127.0.0.1').refusal(request({ host: '127.0.0.1:9000', origin: 'https://evil.example' }))?.status).toBe(403);
    // HTTP/1.0 from a program may name no host: it is no page.
    expect(gate('127.0.0.1').refusal(request({}))).toBeNull();
  });
});
