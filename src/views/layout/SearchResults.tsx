/**
 * The search box's results as the listbox of an ARIA combobox: the groups People and Rooms, each
 * result an option. Focus stays in the box (SearchBox.tsx): the active option is pointed at with
 * aria-activedescendant, and a press on the list does not take focus from the box.
 */
import { css } from '@emotion/react';
import { EMPTY } from '../../domain/emptyStates.ts';
import { SEARCH } from '../../domain/messages.ts';
import type { PersonResult, RoomResult, SearchResults } from '../../machines/search.machine.ts';
import { Avatar } from '../components/Avatar.tsx';
import { theme } from '../theme.ts';

const ROOM_DEFAULT_ICON = '/room-default.svg';

export interface ResultOption {
  id: string;
  /** The page it opens. */
  to: string;
  label: string;
  picture: string | null;
}

/** The results as options, people first, with ids under `listId`. */
export function resultOptions(results: SearchResults, listId: string) {
  const people = results.users.map(
    (person: PersonResult, index): ResultOption => ({
      id: `${listId}-person-${index}`,
      to: `/u/${encodeURIComponent(person.username)}`,
      label: `u/${person.username}`,
      picture: person.dp,
    }),
  );
  const rooms = results.rooms.map(
    (room: RoomResult, index): ResultOption => ({
      id: `${listId}-room-${index}`,
      to: `/room/${encodeURIComponent(room.CreatorId)}/${encodeURIComponent(room.title)}`,
      label: `q/${room.title}`,
      picture: room.img ?? ROOM_DEFAULT_ICON,
    }),
  );
  return { people, rooms };
}

const groupTitle = css`
  margin: 0;
  padding: 10px 14px 4px;
  color: ${theme.color.muted};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const option = css`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 8px 14px;
  color: ${theme.color.text};
  cursor: pointer;
  &:hover,
  &[aria-selected='true'] {
    background: ${theme.color.hover};
  }
  &[aria-selected='true'] {
    box-shadow: inset 3px 0 0 ${theme.color.focus};
  }
`;

const noneFound = css`
  padding: 6px 14px;
  color: ${theme.color.muted};
`;

interface ResultGroupProps {
  id: string;
  title: string;
  none: string;
  options: ResultOption[];
  active: string | null;
  onChoose: (to: string) => void;
}

function ResultGroup({ id, title, none, options, active, onChoose }: ResultGroupProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, not a form fieldset
    <div role="group" aria-labelledby={`${id}-title`}>
      <div role="presentation" id={`${id}-title`} css={groupTitle}>
        {title}
      </div>
      {options.length === 0 ? (
        <div
          role="option"
          tabIndex={-1}
          aria-disabled="true"
          aria-selected="false"
          id={`${id}-none`}
          css={noneFound}
        >
          {none}
        </div>
      ) : null}
      {options.map((result) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's (a combobox keeps focus in its input)
        <div
          key={result.id}
          id={result.id}
          role="option"
          // Never focused (focus stays in the box); -1 only says it is not in the tab order.
          tabIndex={-1}
          aria-selected={result.id === active}
          css={option}
          onClick={() => onChoose(result.to)}
        >
          <Avatar src={result.picture} size={28} />
          {result.label}
        </div>
      ))}
    </div>
  );
}

interface ResultListProps {
  listId: string;
  people: ResultOption[];
  rooms: ResultOption[];
  active: string | null;
  onChoose: (to: string) => void;
}

export function ResultList({ listId, people, rooms, active, onChoose }: ResultListProps) {
  return (
    // A press on the list keeps focus in the box, so the box does not close before the click lands.
    <div
      id={listId}
      role="listbox"
      aria-label="Search results"
      tabIndex={-1}
      onMouseDown={(event) => event.preventDefault()}
      css={css`padding-bottom: 6px;`}
    >
      <ResultGroup
        id={`${listId}-people`}
        title={SEARCH.people}
        none="No people found"
        options={people}
        active={active}
        onChoose={onChoose}
      />
      <ResultGroup
        id={`${listId}-rooms`}
        title={SEARCH.rooms}
        none={people.length === 0 ? `No rooms found. ${EMPTY.search.text}` : 'No rooms found'}
        options={rooms}
        active={active}
        onChoose={onChoose}
      />
    </div>
  );
}
