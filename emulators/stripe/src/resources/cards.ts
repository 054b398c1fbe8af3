/**
 * Stripe's test card numbers (https://docs.stripe.com/testing) and what they do. The hosted pages
 * take a card number; its behaviour is Stripe's for that number:
 *   4242 4242 4242 4242  Visa, succeeds            5555 5555 5555 4444  Mastercard, succeeds
 *   4000 0566 5566 5556  Visa debit, succeeds      3782 822463 10005    American Express, succeeds
 *   4000 0000 0000 0341  attaches to a customer, but every charge fails
 *   4000 0000 0000 0002  declined at once          4000 0000 0000 9995  declined: insufficient funds
 */
import type { CardOutcome } from '../core/store';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  last4: string;
  outcome: CardOutcome;
}

/** Test cards expire at the end of 2034, as the portal shows ("expires 12/34"). */
export const TEST_CARD_EXPIRY = { month: 12, year: 2034 } as const;

const TEST_CARDS: Record<string, Omit<TestCard, 'number' | 'last4'>> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', outcome: 'succeeds' },
  '4000056655665556': { brand: 'visa', funding: 'debit', outcome: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', outcome: 'succeeds' },
  '378282246310005': { brand: 'amex', funding: 'credit', outcome: 'succeeds' },
  '4000000000000341': { brand: 'visa', funding: 'credit', outcome: 'charge_fails' },
  '4000000000000002': { brand: 'visa', funding: 'credit', outcome: 'declined' },
  '4000000000009995': { brand: 'visa', funding: 'credit', outcome: 'insufficient_funds' },
};

export const DEFAULT_TEST_CARD = '4242 4242 4242 4242';

export const BRAND_NAMES: Record<TestCard['brand'], string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** Stripe's words for a charge that failed with this outcome. */
export function declineMessage(outcome: CardOutcome): string {
  return outcome === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The test card a typed number names (spaces and dashes allowed), or the message Stripe's
 *  payment form shows for it. */
export function readCardNumber(input: string): { card: TestCard } | { error: string } {
  const digits = input.replace(/[\s-]/g, '');
  if (digits === '') return { error: 'Your card number is incomplete.' };
  if (!/^\d+$/.test(digits) || digits.length > 19) return { error: 'Your card number is invalid.' };
  if (digits.length < 13) return { error: 'Your card number is incomplete.' };
  if (!luhnValid(digits)) return { error: 'Your card number is invalid.' };
  const known = TEST_CARDS[digits];
  if (!known) {
    return {
      error:
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    };
  }
  return { card: { number: digits, last4: digits.slice(-4), ...known } };
}
