/**
 * The top bar's search (spec §2 Layout): inline on wide screens; on small screens an icon shows a
 * search row under the bar. The dropdown lists People and Rooms with default pictures; it opens on a
 * click in the box and closes on a click outside or Escape.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { SEARCH } from '../../domain/messages.ts';
import { useSearchActor, useSessionActor } from '../../system/hooks.ts';
import { Avatar } from '../components/Avatar.tsx';
import { CloseIcon, SearchIcon } from '../components/icons.tsx';
import { fieldFocused, focusRing, iconButton, popup } from '../components/ui.ts';
import { useDismiss } from '../components/useDismiss.ts';
import { theme } from '../theme.ts';

const ROOM_DEFAULT_ICON = '/room-default.svg';

const resultButton = css`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  padding: 8px 14px;
  border: 0;
  background: transparent;
  color: ${theme.color.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
  }
`;

const sectionTitle = css`
  margin: 0;
  padding: 10px 14px 4px;
  color: ${theme.color.muted};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

function Results() {
  const search = useSearchActor();
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  const results = useSelector(search, (s) => s.context.results);
  const searching = useSelector(search, (s) => s.hasTag('searching') || s.matches({ query: 'debouncing' }));
  const choose = (to: string) => search.send({ type: 'result.choose', to, signedIn });

  if (!results) {
    return (
      <p css={[sectionTitle, css`padding: 14px; text-transform: none;`]}>
        {searching ? 'Searching…' : 'Search people and rooms'}
      </p>
    );
  }
  return (
    <>
      <h3 css={sectionTitle}>{SEARCH.people}</h3>
      <ul css={css`margin: 0; padding: 0; list-style: none;`}>
        {results.users.length === 0 ? (
          <li css={css`padding: 6px 14px; color: ${theme.color.muted};`}>No people found</li>
        ) : null}
        {results.users.map((person) => (
          <li key={person.username}>
            <button
              type="button"
              css={resultButton}
              onClick={() => choose(`/u/${encodeURIComponent(person.username)}`)}
            >
              <Avatar src={person.dp} size={28} />
              u/{person.username}
            </button>
          </li>
        ))}
      </ul>
      <h3 css={sectionTitle}>{SEARCH.rooms}</h3>
      <ul css={css`margin: 0 0 6px; padding: 0; list-style: none;`}>
        {results.rooms.length === 0 ? (
          <li css={css`padding: 6px 14px; color: ${theme.color.muted};`}>No rooms found</li>
        ) : null}
        {results.rooms.map((room) => (
          <li key={room.title}>
            <button
              type="button"
              css={resultButton}
              onClick={() =>
                choose(`/room/${encodeURIComponent(room.CreatorId)}/${encodeURIComponent(room.title)}`)
              }
            >
              <Avatar src={room.img ?? ROOM_DEFAULT_ICON} size={28} />
              q/{room.title}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function SearchBox() {
  const search = useSearchActor();
  const key = useSelector(search, (s) => s.context.key);
  const open = useSelector(search, (s) => s.matches({ dropdown: 'open' }));
  const panelVisible = useSelector(search, (s) => s.matches({ panel: 'visible' }));
  const boxRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inside = useMemo(() => [boxRef, toggleRef] as const, []);
  const close = useMemo(() => () => search.send({ type: 'dropdown.close' }), [search]);
  useDismiss(inside, open, close);
  const listId = useId();

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
            type="search"
            role="combobox"
            aria-label="Search people and rooms"
            aria-expanded={open}
            aria-controls={listId}
            placeholder="Search Quad"
            value={key}
            autoComplete="off"
            onClick={() => search.send({ type: 'dropdown.open' })}
            onFocus={() => search.send({ type: 'dropdown.open' })}
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
          <section
            id={listId}
            aria-label="Search results"
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
            <Results />
          </section>
        ) : null}
      </div>
    </>
  );
}
