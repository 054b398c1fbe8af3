import type { ReactNode } from 'react';
import { ListToolbar, PagedListView } from './list-controls';
import type { SubmissionList, SubmissionListSpec } from './use-submission-list';

interface SubmissionListPanelProps<S extends string, T extends { id: string }> {
  spec: SubmissionListSpec<S, T>;
  view: SubmissionList<S, T>;
  /** Between the controls and the rows (the inbox's heading of the state shown). */
  heading?: ReactNode;
  renderRow: (row: T) => ReactNode;
}

/** A list of submissions as the console shows it: its controls, then its page. */
export function SubmissionListPanel<S extends string, T extends { id: string }>({
  spec,
  view,
  heading,
  renderRow,
}: SubmissionListPanelProps<S, T>) {
  return (
    <>
      <ListToolbar legend={spec.legend} params={view.params} statuses={spec.statuses} words={spec.words} counts={view.counts} />
      {heading}
      <PagedListView
        list={view.list}
        noun={spec.noun}
        total={view.total}
        narrowed={view.narrowed}
        empty={spec.empty}
        queryKey={view.queryKey}
        rowKey={(row) => row.id}
        renderRow={renderRow}
      />
    </>
  );
}
