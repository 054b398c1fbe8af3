import { describe, expect, it } from 'vitest';
import { describeCard, toCardSummary } from './billing';

describe('the card on file', () => {
  it('is read from a stored billing record and described in words', () => {
    const card = toCardSummary({ card: { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2034 }, cardFetchedAt: 1 });
    expect(card).toEqual({ brand: 'visa', last4: '4242', expMonth: 3, expYear: 2034 });
    expect(describeCard(card!)).toBe('Visa •••• 4242, expires 03/2034');
  });

  it('names a brand it does not know by Stripe’s word', () => {
    expect(describeCard({ brand: 'unionpay', last4: '0005', expMonth: 12, expYear: 2030 })).toBe('unionpay •••• 0005, expires 12/2030');
  });

  it('is absent for no record, no card, or a card that is not well formed', () => {
    expect(toCardSummary(null)).toBeNull();
    expect(toCardSummary({ cardFetchedAt: 1 })).toBeNull();
    expect(toCardSummary({ card: { brand: 'visa', last4: '42', expMonth: 3, expYear: 2034 } })).toBeNull();
    expect(toCardSummary({ card: { brand: 'visa', last4: '4242', expMonth: '3', expYear: 2034 } })).toBeNull();
  });
});
