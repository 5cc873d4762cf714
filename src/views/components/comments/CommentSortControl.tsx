/** The thread's 'Sort by' control (Best, Top, New, Old): it tells the thread's chart of a new choice. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { COMMENT_SORT_LABELS, COMMENT_SORTS } from '../../../domain/sorting.ts';
import { type commentThreadMachine, shownSort } from '../../../machines/commentThread.machine.ts';
import { SortSelect } from '../SortSelect.tsx';

const choices = COMMENT_SORTS.map((sort) => ({ value: sort, label: COMMENT_SORT_LABELS[sort] }));

export function CommentSortControl({ thread }: { thread: ActorRefFrom<typeof commentThreadMachine> }) {
  const sort = useSelector(thread, (s) => shownSort(s.context));
  const busy = useSelector(thread, (s) => s.hasTag('sorting'));
  return (
    <SortSelect
      value={sort}
      choices={choices}
      busy={busy}
      onChange={(chosen) => thread.send({ type: 'sort.change', sort: chosen })}
    />
  );
}
