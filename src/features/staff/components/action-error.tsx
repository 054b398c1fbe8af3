import { AlertText } from '@/ui/alert-text';
import styles from '../staff.module.scss';

/** Why a console action did not happen (the `staff` function's refusal), spoken as it appears. */
export function ActionError({ message }: { message: string | null }) {
  return <AlertText message={message} className={styles.error} />;
}
