// What the console's read tests share: one page read as usePagedList's first answer.
import { watchPage, type Cursor, type DatabaseSource, type PageRead, type PageRequest } from '@/features/staff/lists/paged-list';

/** One read of the page, as the hook's first answer; the listener is closed after it. */
export function readPageOnce(source: DatabaseSource, request: PageRequest, cursor: Cursor | null): Promise<PageRead> {
  return new Promise((resolve, reject) => {
    let stop: (() => void) | undefined;
    let done: PageRead | undefined;
    void watchPage(
      source,
      request,
      cursor,
      (page) => {
        done ??= page;
        stop?.();
        resolve(done);
      },
      reject,
    ).then((unsubscribe) => {
      stop = unsubscribe;
      if (done) unsubscribe();
    }, reject);
  });
}
