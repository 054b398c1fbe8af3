import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink, ExternalButtonLink } from '@/ui/button';
import styles from './account-card.module.scss';

/** The text shown on features announced but not yet available (docs/product.md#customer-area). */
export const FEATURE_COMING = 'Feature Coming V.1.0.4';

type CardAction =
  | { kind: 'link'; to: string; label: string }
  | { kind: 'external'; href: string; label: string }
  /** A control of the page's own, e.g. a button that calls a function. */
  | { kind: 'control'; control: ReactNode }
  | { kind: 'coming' };

interface AccountCardProps {
  title: string;
  description: ReactNode;
  /** A lucide icon, drawn as decoration: the title says what the card is. */
  icon: LucideIcon;
  action: CardAction;
}

/** One card of the customer area: a title, a line of text and what it leads to. */
export function AccountCard({ title, description, icon: Icon, action }: AccountCardProps) {
  return (
    <article className={`${styles.card} ${action.kind === 'coming' ? styles.coming : ''}`}>
      <span className={styles.icon}>
        <Icon size={24} />
      </span>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.description}>{description}</p>
      {action.kind === 'link' && (
        <ButtonLink className={styles.action} to={action.to}>
          {action.label}
        </ButtonLink>
      )}
      {action.kind === 'external' && (
        <ExternalButtonLink className={styles.action} href={action.href}>
          {action.label}
        </ExternalButtonLink>
      )}
      {action.kind === 'control' && <div className={styles.action}>{action.control}</div>}
      {action.kind === 'coming' && <p className={styles.badge}>{FEATURE_COMING}</p>}
    </article>
  );
}

export function AccountCardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section className={styles.grid} aria-label={label}>
      {children}
    </section>
  );
}
