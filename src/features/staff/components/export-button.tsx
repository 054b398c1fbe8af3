import { useState } from 'react';
import { jsonOf, requestFunction } from '@/firebase/functions';
import { STAFF_EXPORT_FUNCTION, exportFileName, type ExportRequest } from '@/data/staff-export';
import { Button } from '@/ui/button';
import { saveFile } from '@/ui/save-file';
import { STAFF_API_MESSAGES, staffOutcome } from '../staff-api';
import { useStaff } from '../staff-context';
import styles from '../staff.module.scss';
import { ActionError } from './action-error';

export const EXPORT_MESSAGES = {
  cutOff: 'The file stopped before its end, so it was not saved. Try again.',
  saved: (fileName: string) => `Saved ${fileName}.`,
} as const;

/** The file's name as the function gave it (attachment; filename="…"), else the same rule's. */
function fileNameOf(response: Response, query: ExportRequest): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return named ?? exportFileName(query.list, Date.now());
}

type Outcome = { kind: 'idle' | 'working' } | { kind: 'saved'; fileName: string } | { kind: 'failed'; message: string };

/** "Export CSV": the list as the page shows it (its state, search and order), every row, from the
 *  `staffExport` function, saved as a file (docs/decisions/0152-staff-export-and-recorded-reply.md).
 *  The function streams it; the file is saved once all of it has arrived, so a download cut off
 *  midway is reported rather than saved looking whole. */
export function ExportCsvButton({ query }: { query: ExportRequest }) {
  const { user } = useStaff();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const working = outcome.kind === 'working';

  const exportList = async () => {
    setOutcome({ kind: 'working' });
    let idToken: string;
    try {
      idToken = await user.getIdToken();
    } catch {
      return setOutcome({ kind: 'failed', message: STAFF_API_MESSAGES.signedOut });
    }
    const response = await requestFunction(STAFF_EXPORT_FUNCTION, { body: query, idToken });
    if ('reached' in response || !response.ok) {
      // A refusal is in the JSON error shape of the staff function, and said the same way.
      const answer = 'reached' in response ? response : { reached: true as const, status: response.status, body: await jsonOf(response) };
      const refused = staffOutcome(answer);
      return setOutcome({ kind: 'failed', message: refused.ok ? STAFF_API_MESSAGES.malformed : refused.message });
    }
    if (!response.headers.get('Content-Type')?.startsWith('text/csv')) {
      return setOutcome({ kind: 'failed', message: STAFF_API_MESSAGES.malformed });
    }
    let file: Blob;
    try {
      file = await response.blob();
    } catch {
      return setOutcome({ kind: 'failed', message: EXPORT_MESSAGES.cutOff });
    }
    const fileName = fileNameOf(response, query);
    saveFile(file, fileName);
    setOutcome({ kind: 'saved', fileName });
  };

  return (
    <div className={styles.exportControl}>
      <Button variant="secondary" busy={working} onClick={() => void exportList()}>
        {working ? 'Exporting…' : 'Export CSV'}
      </Button>
      <p role="status" className={styles.note}>
        {outcome.kind === 'saved' ? EXPORT_MESSAGES.saved(outcome.fileName) : ''}
      </p>
      <ActionError message={outcome.kind === 'failed' ? outcome.message : null} />
    </div>
  );
}
