import { useEffect, useRef } from 'react';
import Typed from 'typed.js';
import styles from './typing-text.module.scss';
import { usePrefersReducedMotion } from './use-reduced-motion';

/** Timings of every typing animation on the site, in milliseconds. */
export const TYPING_TIMINGS = { typeSpeed: 100, backSpeed: 50, backDelay: 500, startDelay: 500 } as const;

interface TypingTextProps {
  /** Typed one after the other, then deleted, in an endless loop. */
  strings: readonly string[];
  /** Pause before a finished string is deleted; pages that want it slower pass 1200 or 1500. */
  backDelay?: number;
  className?: string;
}

/** Text that types itself out (typed.js). Screen readers get the whole list once instead of the
 *  animation; people who ask for reduced motion get the list as plain text and no typed.js. */
export function TypingText({ strings, backDelay = TYPING_TIMINGS.backDelay, className }: TypingTextProps) {
  const reducedMotion = usePrefersReducedMotion();
  const targetRef = useRef<HTMLSpanElement>(null);
  const list = strings.join(', ');
  // One string key keeps the effect from restarting when a caller passes a new but equal array.
  const key = JSON.stringify(strings);

  useEffect(() => {
    const target = targetRef.current;
    if (reducedMotion || !target) return;
    const typed = new Typed(target, {
      ...TYPING_TIMINGS,
      strings: JSON.parse(key) as string[],
      backDelay,
      loop: true,
      contentType: 'text', // plain text: "&" and "<" in a string are typed as they are
    });
    return () => typed.destroy();
  }, [key, backDelay, reducedMotion]);

  const classes = [styles.typing, className].filter(Boolean).join(' ');
  if (reducedMotion) return <span className={classes}>{list}</span>;
  return (
    <span className={classes}>
      <span className="visually-hidden">{list}</span>
      {/* typed.js puts its cursor next to the target, so this wrapper hides both. */}
      <span aria-hidden="true" className={styles.animated}>
        <span ref={targetRef} />
      </span>
    </span>
  );
}
