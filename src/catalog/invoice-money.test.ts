import { describe, expect, it } from 'vitest';
import { creditText, invoiceAmountText, invoiceMoney } from './invoice-money';

describe('invoiceMoney', () => {
  it('calls a positive total a charge, tax included', () => {
    expect(invoiceMoney({ total: 1_620_00, tax: 120_00 })).toEqual({ kind: 'charge', cents: 1_620_00, taxCents: 120_00 });
    expect(invoiceAmountText(invoiceMoney({ total: 1_620_00, tax: 120_00 }))).toBe('$1,620.00');
  });

  it("calls a downgrade's negative total a credit of that much, never a negative payment", () => {
    const money = invoiceMoney({ total: -80_438, tax: -5_438 });
    expect(money).toEqual({ kind: 'credit', cents: 80_438, taxCents: 5_438 });
    expect(invoiceAmountText(money)).toBe('Credit $804.38');
    expect(invoiceAmountText(money)).not.toContain('-');
    expect(creditText(money)).toBe(
      'A credit of $804.38 (including $54.38 tax) goes to your account balance and is taken by your next invoices.',
    );
  });

  it('calls an invoice of nothing zero, whatever its tax field says', () => {
    expect(invoiceMoney({ total: 0, tax: 0 })).toEqual({ kind: 'zero', cents: 0, taxCents: 0 });
    expect(invoiceAmountText(invoiceMoney({ total: 0, tax: 0 }))).toBe('$0.00');
  });

  it('never reports tax of the other sign than the total', () => {
    expect(invoiceMoney({ total: 500, tax: -20 }).taxCents).toBe(0);
    expect(invoiceMoney({ total: -500, tax: 20 }).taxCents).toBe(0);
    expect(creditText({ cents: 500, taxCents: 0 })).toBe(
      'A credit of $5.00 goes to your account balance and is taken by your next invoices.',
    );
  });
});
