/**
 * The order of a topic's, room's or profile's posts (issue 33 "Sort"): New, or Top of today, this
 * week or all time. The address carries it (`?sort=top&t=week`), so a shared link and the server's
 * first screen show the same order; a new choice goes to the list's chart, which starts again from
 * its first page, and to the address.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  LIST_SORT_CHOICES,
  type ListSort,
  listSortFromSearch,
  listSortParams,
} from '../../domain/sorting.ts';
import type { PagedListActorRef } from './FeedList.tsx';
import { SortSelect } from './SortSelect.tsx';

type ChoiceValue = (typeof LIST_SORT_CHOICES)[number]['value'];

/** The choice showing a list's order; the spec's order is New. */
function choiceOf(sort: ListSort | null): ChoiceValue {
  return sort?.sort === 'top' ? `top-${sort.t}` : 'new';
}

/** The order the address asks for, with which a sortable list starts; null for the spec's. */
export function useListSortFromAddress(): ListSort | null {
  const [search] = useSearchParams();
  return listSortFromSearch(search);
}

export function ListSortControl({ list }: { list: PagedListActorRef }) {
  const sort = useSelector(list, (s) => s.context.sort);
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const [, setSearch] = useSearchParams();
  const choose = (value: ChoiceValue) => {
    const chosen = LIST_SORT_CHOICES.find((choice) => choice.value === value)?.sort ?? null;
    list.send({ type: 'list.sort', sort: chosen });
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('sort');
        next.delete('t');
        for (const [key, value] of Object.entries(listSortParams(chosen))) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };
  return <SortSelect value={choiceOf(sort)} choices={LIST_SORT_CHOICES} busy={busy} onChange={choose} />;
}

/** A list with its sort control above it; a list without a score (polls, comments) shows none. */
export function SortableList({
  list,
  sortable,
  children,
}: {
  list: PagedListActorRef;
  sortable: boolean;
  children: ReactNode;
}) {
  if (!sortable) return children;
  return (
    <div css={css`display: flex; flex-direction: column; gap: 12px;`}>
      <div css={css`display: flex; justify-content: flex-end;`}>
        <ListSortControl list={list} />
      </div>
      {children}
    </div>
  );
}
