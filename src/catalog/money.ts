/** Money display. Amounts are integer cents everywhere (docs/decisions/0005-add-ons-and-integer-cents.md). */

const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

interface FormatUsdOptions {
  /** Drop ".00" from whole-dollar amounts ("$7,500" rather than "$7,500.00"). */
  trimZeroCents?: boolean;
}

/** Formats integer cents as US dollars: 79999 → "$799.99", 750000 → "$7,500.00". */
export function formatUsd(cents: number, { trimZeroCents = false }: FormatUsdOptions = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatUsd expects integer cents, got ${cents}`);
  if (trimZeroCents && cents % 100 === 0) return wholeDollars.format(cents / 100);
  return withCents.format(cents / 100);
}
