import styles from './session-visibility.module.scss';

/** Class names that show an element only to visitors or only to signed-in customers, before any
 *  script has run. */
export const sessionVisibility = { visitorOnly: styles.visitorOnly!, memberOnly: styles.memberOnly! };
