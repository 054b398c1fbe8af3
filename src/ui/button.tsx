import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './button.module.scss';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';

function classFor(variant: ButtonVariant, extra?: string) {
  return [styles.button, styles[variant], extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a busy state and blocks repeated clicks while an action runs. */
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, className, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={classFor(variant, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** An internal link that looks like a button. */
export function ButtonLink({ variant = 'primary', className, ...rest }: ButtonLinkProps) {
  return <Link className={classFor(variant, className)} {...rest} />;
}

interface ExternalButtonLinkProps extends Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'onClick' | 'onAuxClick'> {
  href: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}

/** A link off the site (or a tel:/mailto: link) that looks like a button. */
export function ExternalButtonLink({ href, variant = 'primary', className, children, ...handlers }: ExternalButtonLinkProps) {
  const offSite = /^https?:/.test(href);
  return (
    <a
      href={href}
      className={classFor(variant, className)}
      {...(offSite ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...handlers}
    >
      {children}
      {offSite && (
        <>
          {' '}
          <span className="visually-hidden">(opens in a new tab)</span>
        </>
      )}
    </a>
  );
}
