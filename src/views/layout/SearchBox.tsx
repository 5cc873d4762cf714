/**
 * The top bar's search (spec §2 Layout): inline on wide screens; on small screens an icon shows a
 * search row under the bar (its input taking focus). The dropdown lists People and Rooms with default
 * pictures, then Posts (posts and polls), and "See all results", the search page, which Enter also
 * opens when no result is picked; it opens on a click in the box and closes on a click outside, when focus leaves the box,
 * on Escape and when the address changes.
 *
 * An ARIA combobox, written out rather than on Radix (which has none): focus stays in the input, the
 * arrow keys move through the results (aria-activedescendant) and Enter opens the one shown active.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { SEARCH } from '../../domain/messages.ts';
import { useSearchActor, useSessionActor } from '../../system/hooks.ts';
import { CloseIcon, SearchIcon } from '../components/icons.tsx';
import { fieldFocused, iconButton, popup } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { ResultList, type ResultOption, resultOptions } from './SearchResults.tsx';
import { useCloseOnNavigation } from './useCloseOnNavigation.ts';

/** Where the arrow keys go from `index` among `count` options (wrapping; -1 is none active). */
function step(index: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (key === 'ArrowDown') return index + 1 >= count ? 0 : index + 1;
  return index <= 0 ? count - 1 : index - 1;
}

export function SearchBox() {
  const search = useSearchActor();
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const key = useSelector(search, (s) => s.context.key);
  const results = useSelector(search, (s) => s.context.results);
  const searching = useSelector(search, (s) => s.hasTag('searching') || s.matches({ query: 'debouncing' }));
  const open = useSelector(search, (s) => s.matches({ dropdown: 'open' }));
  const panelVisible = useSelector(search, (s) => s.matches({ panel: 'visible' }));
  const boxRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const [active, setActive] = useState<string | null>(null);

  const close = useCallback(() => search.send({ type: 'dropdown.close' }), [search]);
  useCloseOnNavigation(close);
  const choose = (option: ResultOption) =>
    search.send(
      option.submits ? { type: 'search.submit' } : { type: 'result.choose', to: option.to, signedIn },
    );

  // The small-screen row: its input takes focus when it opens, and the toggle when it hides with focus inside.
  useEffect(() => {
    if (panelVisible) inputRef.current?.focus();
    else if (boxRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
  }, [panelVisible]);

  const groups = results ? resultOptions(results, listId, key) : null;
  const options = groups ? [...groups.people, ...groups.rooms, ...groups.posts, groups.all] : [];
  const activeIndex = options.findIndex((option) => option.id === active);
  const activeOption = options[activeIndex];
  const listShown = open && groups !== null;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      // Escape closes the list and keeps the text (a search input would otherwise clear it).
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      search.send({ type: 'dropdown.open' });
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault();
      setActive(options[step(activeIndex, options.length, event.key)]?.id ?? null);
    } else if (event.key === 'Enter' && listShown && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      search.send({ type: 'search.submit' });
    }
  };

  // Focus going anywhere outside the box closes the list.
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && boxRef.current?.contains(next)) return;
    close();
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-label={panelVisible ? 'Close search' : 'Search'}
        aria-expanded={panelVisible}
        onClick={() => search.send({ type: 'panel.toggle' })}
        css={css`
          ${iconButton};
          display: none;
          ${theme.media.sm} {
            display: inline-flex;
          }
        `}
      >
        {panelVisible ? <CloseIcon /> : <SearchIcon />}
      </button>
      <div
        ref={boxRef}
        data-visible={panelVisible}
        css={css`
          position: relative;
          flex: 1;
          max-width: 560px;
          ${theme.media.sm} {
            display: none;
            position: fixed;
            top: ${theme.layout.topBarHeight}px;
            left: 0;
            right: 0;
            max-width: none;
            padding: 8px 12px;
            background: ${theme.color.surface};
            border-bottom: 1px solid ${theme.color.border};
            &[data-visible='true'] {
              display: block;
            }
          }
        `}
      >
        <label
          css={css`
            display: flex;
            align-items: center;
            gap: 8px;
            height: 40px;
            padding: 0 14px;
            border: 1px solid ${theme.color.control};
            border-radius: ${theme.radius.pill};
            background: ${theme.color.hover};
            color: ${theme.color.muted};
            &:focus-within {
              ${fieldFocused};
              background: ${theme.color.surface};
            }
          `}
        >
          <SearchIcon />
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label={SEARCH.box}
            aria-autocomplete="list"
            aria-expanded={listShown}
            aria-controls={listShown ? listId : undefined}
            aria-activedescendant={listShown ? activeOption?.id : undefined}
            placeholder="Search Quad"
            value={key}
            autoComplete="off"
            onClick={() => search.send({ type: 'dropdown.open' })}
            onFocus={() => search.send({ type: 'dropdown.open' })}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            onChange={(e) => search.send({ type: 'key.change', value: e.target.value })}
            css={css`
              flex: 1;
              min-width: 0;
              border: 0;
              background: transparent;
              color: ${theme.color.text};
              font: inherit;
              outline: none;
            `}
          />
        </label>
        {open ? (
          <div
            css={css`
              ${popup};
              left: 0;
              right: 0;
              max-height: 60vh;
              overflow-y: auto;
              ${theme.media.sm} {
                left: 12px;
                right: 12px;
              }
            `}
          >
            {groups ? (
              <ResultList
                listId={listId}
                people={groups.people}
                rooms={groups.rooms}
                posts={groups.posts}
                all={groups.all}
                active={active}
                onChoose={choose}
              />
            ) : (
              <p
                role="status"
                css={css`
                  margin: 0;
                  padding: 14px;
                  color: ${theme.color.muted};
                  font-size: 0.875rem;
                `}
              >
                {searching ? 'Searching…' : SEARCH.box}
              </p>
            )}
          </div>
        ) : null}
      </div>
    </>
  );
}
