import { describe, expect, it } from 'vitest';
import { nextStatuses, replyMailto, toContactInquiry, toPreorder, toStaffOrders, toWaitlistEntry } from './staff-records';

describe('the inquiries', () => {
  it('read each field checked; a record staff never touched, or in an unknown state, is New', () => {
    expect(
      toContactInquiry('recent', {
        name: 'Recent',
        email: 'r@example.com',
        phone: '6195550100',
        city: 'San Diego',
        message: 'Hi',
        createdAt: 3000,
      }),
    ).toMatchObject({
      id: 'recent',
      status: 'new',
      phone: '6195550100',
      city: 'San Diego',
      message: 'Hi',
      receivedAt: 3000,
    });
    expect(toContactInquiry('old', { name: 'Old', createdAt: 1000, status: 'answered' }).status).toBe('answered');
    // An unknown status reads as the first state rather than hiding the record.
    expect(toContactInquiry('odd', { name: 'Odd', createdAt: 2000, status: 'deleted' }).status).toBe('new');
    expect(toContactInquiry('junk', 'not a record')).toMatchObject({ name: '', email: '', receivedAt: null, status: 'new' });
  });

  it('move forward through their states, and back to New once moved', () => {
    expect(nextStatuses('contact', 'new')).toEqual(['answered', 'archived']);
    expect(nextStatuses('contact', 'answered')).toEqual(['archived', 'new']);
    expect(nextStatuses('contact', 'archived')).toEqual(['new']);
    expect(nextStatuses('waitlist', 'new')).toEqual(['contacted', 'archived']);
  });
});

describe('replyMailto', () => {
  it('opens a reply with the subject, encoded so the address cannot add headers', () => {
    expect(replyMailto('ada@example.com')).toBe('mailto:ada@example.com?subject=Re%3A%20your%20inquiry%20to%20Leopard');
    expect(replyMailto('a+b&cc=eve@x.test?bcc=mallory@x.test')).toBe(
      'mailto:a%2Bb%26cc%3Deve@x.test%3Fbcc%3Dmallory@x.test?subject=Re%3A%20your%20inquiry%20to%20Leopard',
    );
  });
});

describe('the programmes', () => {
  it('read the waitlist programme, open-access when absent', () => {
    const entries = [
      toWaitlistEntry('a', { full__name: 'Ada', email: 'a@example.com', createdAt: 1, programme: 'builder', status: 'contacted' }),
      toWaitlistEntry('b', { full__name: 'Bea', email: 'b@example.com', createdAt: 2 }),
      toWaitlistEntry('c', { full__name: 'Cy', email: 'c@example.com', createdAt: 3, programme: 'moon' }),
    ];
    expect(entries.map(({ id, programme, status }) => [id, programme, status])).toEqual([
      ['a', 'builder', 'contacted'],
      ['b', 'open-access', 'new'],
      ['c', 'open-access', 'new'],
    ]);
  });

  it('read a pre-order as Pending until decided, and its pass only when complete', () => {
    const approved = toPreorder('p1', {
      full__name: 'Pat',
      email: 'p@example.com',
      createdAt: 2,
      status: 'approved',
      pass: { code: 'ABC', issuedAt: 5, mailedAt: 6 },
    });
    const pending = toPreorder('p2', { full__name: 'Quinn', email: 'q@example.com', createdAt: 1 });
    const broken = toPreorder('p3', { full__name: 'Ray', email: 'r@example.com', status: 'approved', pass: { code: 'ABC' } });
    expect(approved).toMatchObject({ status: 'approved', pass: { code: 'ABC', issuedAt: 5, mailedAt: 6 }, name: 'Pat' });
    expect(pending).toMatchObject({ status: 'pending', pass: null });
    expect(broken.pass).toBeNull();
  });
});

describe('toStaffOrders', () => {
  it('keeps who bought the order and what they trade in, and leaves unknown products out', () => {
    const [order, ...rest] = toStaffOrders({
      o1: {
        product: 'websites',
        tier: 'gold',
        payment_status: 'paid',
        productAmount: 100,
        createdAt: 1,
        buyer: 'uid-1',
        customerEmail: 'dana@example.com',
        applicationExist: true,
        modelExistsOn: 'wix',
        tradeIn: { status: 'credited', amount: 750_00, creditedAt: 9 },
      },
      o2: { product: 'time_machines', tier: 'gold', payment_status: 'paid' },
    });
    expect(rest).toEqual([]);
    expect(order).toMatchObject({
      buyer: 'uid-1',
      customerEmail: 'dana@example.com',
      applicationExist: true,
      modelExistsOn: 'wix',
      tradeIn: { status: 'credited', amount: 750_00, creditedAt: 9 },
    });
  });
});
