/**
 * The search box's results as the listbox of an ARIA combobox: the groups People, Rooms and Posts
 * (posts and polls holding the words typed), each result an option. Focus stays in the box (SearchBox.tsx): the active option is pointed at with
 * aria-activedescendant, and a press on the list does not take focus from the box.
 */
import { css } from '@emotion/react';
import { EMPTY } from '../../domain/emptyStates.ts';
import { SEARCH } from '../../domain/messages.ts';
import { postPath } from '../../domain/roomRoutes.ts';
import {
  type PersonResult,
  type PostResult,
  type RoomResult,
  type SearchResults,
  searchPagePath,
} from '../../machines/search.machine.ts';
import { Avatar } from '../components/Avatar.tsx';
import { theme } from '../theme.ts';

const ROOM_DEFAULT_ICON = '/room-default.svg';

export interface ResultOption {
  id: string;
  /** The page it opens. */
  to: string;
  label: string;
  /** A person's or room's picture; a post or poll has none, it says what it is instead. */
  picture: string | null;
  kind?: 'Post' | 'Poll';
  /** The last option, "See all results": it submits the text (the search page) rather than opening a result. */
  submits?: boolean;
}

/** The results as options, people first, with ids under `listId`, and the way to all results for `key`. */
export function resultOptions(results: SearchResults, listId: string, key: string) {
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
  const posts = results.posts.map(
    (post: PostResult, index): ResultOption => ({
      id: `${listId}-post-${index}`,
      to:
        post.kind === 'post'
          ? postPath({ id: post.id, room: post.roomId ? { id: post.roomId } : null })
          : `/poll/${encodeURIComponent(post.id)}`,
      label: post.title,
      picture: null,
      kind: post.kind === 'post' ? 'Post' : 'Poll',
    }),
  );
  const all: ResultOption = {
    id: `${listId}-all`,
    to: searchPagePath(key),
    label: SEARCH.seeAll(key.trim()),
    picture: null,
    submits: true,
  };
  return { people, rooms, posts, all };
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

/** "Post" or "Poll" in the place of a picture, as wide as one. */
const kindLabel = css`
  flex: none;
  width: 28px;
  color: ${theme.color.muted};
  font-size: 0.6875rem;
  font-weight: 700;
  text-transform: uppercase;
`;

const seeAll = css`
  margin-top: 6px;
  border-top: 1px solid ${theme.color.border};
  color: ${theme.color.brandDark};
  font-weight: 600;
  overflow-wrap: anywhere;
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
  onChoose: (option: ResultOption) => void;
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
          onClick={() => onChoose(result)}
        >
          {result.kind ? (
            <span css={kindLabel}>{result.kind}</span>
          ) : (
            <Avatar src={result.picture} size={28} />
          )}
          <span css={css`min-width: 0; overflow-wrap: anywhere;`}>{result.label}</span>
        </div>
      ))}
    </div>
  );
}

interface ResultListProps {
  listId: string;
  people: ResultOption[];
  rooms: ResultOption[];
  posts: ResultOption[];
  all: ResultOption;
  active: string | null;
  onChoose: (option: ResultOption) => void;
}

export function ResultList({ listId, people, rooms, posts, all, active, onChoose }: ResultListProps) {
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
        none="No rooms found"
        options={rooms}
        active={active}
        onChoose={onChoose}
      />
      <ResultGroup
        id={`${listId}-posts`}
        title={SEARCH.posts}
        none={
          people.length === 0 && rooms.length === 0
            ? `No posts found. ${EMPTY.search.text}`
            : 'No posts found'
        }
        options={posts}
        active={active}
        onChoose={onChoose}
      />
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's (a combobox keeps focus in its input) */}
      <div
        id={all.id}
        role="option"
        tabIndex={-1}
        aria-selected={all.id === active}
        css={[option, seeAll]}
        onClick={() => onChoose(all)}
      >
        {all.label}
      </div>
    </div>
  );
}
