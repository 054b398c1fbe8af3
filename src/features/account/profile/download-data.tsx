import type { User } from 'firebase/auth';
import { useId, useState } from 'react';
import { Button } from '@/ui/button';
import { AlertText } from '@/ui/alert-text';
import { EXPORT_FILE_NAME, exportAccountData, saveFile } from '../account-data-api';
import { EXPORT_MESSAGES } from './messages';
import styles from './profile-settings.module.scss';

type Outcome = { kind: 'idle' | 'working' | 'done' } | { kind: 'failed'; message: string };

/** "Download my data": the account's data from exportAccountData, saved as a JSON file
 *  (docs/decisions/0120-data-export.md). */
export function DownloadData({ user }: { user: User }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const titleId = useId();
  const working = outcome.kind === 'working';

  const download = async () => {
    setOutcome({ kind: 'working' });
    try {
      const answer = await exportAccountData(user);
      if (!answer.ok) return setOutcome({ kind: 'failed', message: answer.message });
      saveFile(answer.value, EXPORT_FILE_NAME);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        Your data
      </h2>
      <p className={styles.panelText}>{EXPORT_MESSAGES.what}</p>
      <Button variant="secondary" className={styles.panelAction} busy={working} onClick={() => void download()}>
        {working ? 'Preparing your file…' : 'Download my data'}
      </Button>
      <p role="status" className={styles.switchStatus}>
        {outcome.kind === 'done' ? EXPORT_MESSAGES.done(EXPORT_FILE_NAME) : ''}
      </p>
      <AlertText message={outcome.kind === 'failed' ? outcome.message : null} className={styles.error} />
    </section>
  );
}
