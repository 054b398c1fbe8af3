/** Amounts, intervals and dates as people read them, on invoices' lines and the hosted pages. */

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** "month", "3 months", "year". */
export function intervalLabel(interval: string, count: number): string {
  return count === 1 ? interval : `${count} ${interval}s`;
}

/** "$7,500.00 / month". */
export function recurringAmount(cents: number, currency: string, interval: string, count: number): string {
  return `${formatAmount(cents, currency)} / ${intervalLabel(interval, count)}`;
}

/** "March 5, 2027" (UTC, as Stripe's pages show dates for a US account). */
export function formatDate(seconds: number): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  );
}
