import { useState } from 'react';
import { WARRANTY_YEARS } from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import type { BillingPeriod, Charges } from '@/catalog/pricing';
import { TERM_TEXTS } from '@/catalog/term';
import styles from './price-footer.module.scss';

interface PriceFooterProps {
  /** null for a plan without an online price (magento). */
  charges: Charges | null;
  period: BillingPeriod;
}

/** The sticky footer: the amount due (the yearly total, or the monthly total "for 12 mo."), that
 *  the term then ends unless renewed (docs/decisions/0115-the-term-ends-unless-renewed.md; on a
 *  phone the checkout note under the button says it), and the warranty. A change is announced
 *  once, politely; the first figure is not announced at all. */
export function PriceFooter({ charges, period }: PriceFooterProps) {
  const amount = charges ? formatUsd(period === 'yearly' ? charges.yearlyCents : charges.monthlyCents) : null;
  // On a phone the bar keeps to one line: "a month" shows as "/mo." after the amount, and "Amount
  // due" and "included" are not shown; screen readers still read every word (docs/decisions/0098-price-bar-on-phones.md).
  const terms =
    period === 'yearly' ? (
      'for the year'
    ) : (
      <>
        <span className={styles.perMonth}>a month</span> for 12 mo.
      </>
    );
  const spoken = `${period === 'yearly' ? 'for the year' : 'a month, for 12 months'}, ${TERM_TEXTS.priceBar}`;
  // The figures last announced: a change is noticed while rendering, the first figures are not announced.
  const [announced, setAnnounced] = useState({ amount, spoken, text: '' });
  if (announced.amount !== amount || announced.spoken !== spoken) {
    setAnnounced({ amount, spoken, text: amount ? `Amount due: ${amount} ${spoken}` : announced.text });
  }
  const announcement = announced.text;

  return (
    <section className={styles.footer} aria-label="Price summary">
      <div className={styles.footerInner}>
        {amount ? (
          <p className={styles.total}>
            <span className={`${styles.totalLabel} ${styles.notOnPhones}`}>Amount due</span>{' '}
            <strong className={`${styles.amount} ${period === 'yearly' ? '' : styles.monthly}`}>{amount}</strong>{' '}
            <span className={styles.terms}>
              {terms}
              <span className={styles.notOnPhones}>, {TERM_TEXTS.priceBar}</span>
            </span>
          </p>
        ) : (
          <p className={styles.total}>
            <strong className={styles.amount}>Pay as you go</strong>{' '}
            <span className={`${styles.terms} ${styles.notOnPhones}`}>billed for the work done</span>
          </p>
        )}
        <p className={styles.warranty}>
          {WARRANTY_YEARS}-year warranty<span className={styles.notOnPhones}> included</span>
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </section>
  );
}
