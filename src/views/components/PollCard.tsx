/**
 * A poll in a list or on its page (spec §2 Poll card): author, topic or room label, age, the menu with
 * Share (not for a private room's poll), the author's Delete and the room owner's Remove, the question clamped to 3 lines (it
 * opens /poll/{id}), the options as buttons with their share of the votes (2 decimals) and
 * 'Total_votes: N'. The viewer's choice is highlighted. In a room the viewer has not joined, voting and
 * sharing say 'First Join Room' (spec §5).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { Poll } from '../../domain/entities.ts';
import { POLLS, POSTS, ROOMS } from '../../domain/messages.ts';
import { SAFETY } from '../../domain/safety.ts';
import { percentOf } from '../../machines/pollVote.machine.ts';
import { useShare } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { theme } from '../theme.ts';
import { CardMenu, type MenuItem } from './CardMenu.tsx';
import { AuthorLine, cardFrame, useDeleteItem, useRoomGate, useViewer } from './CardParts.tsx';
import { Clamp } from './Clamp.tsx';
import { useEditItem } from './edits/useEditItem.tsx';
import type { PagedListActorRef } from './FeedList.tsx';
import { usePollVoteActor, useVoterUnknown } from './feedActors.ts';
import { ShareIcon, TrashIcon } from './feedIcons.tsx';
import { useItemRemoval } from './rooms/roomOwnerActions.tsx';
import { AuthorMaskedNotice, MaskedCard, useMaskReveal } from './safety/Masked.tsx';
import { useCardSafety } from './safety/safetyActions.tsx';
import { focusRing } from './ui.ts';

interface PollCardProps {
  poll: Poll;
  /** On the poll's own page: the question is not a link. */
  detail?: boolean;
  list?: PagedListActorRef | null;
  /** Where to go once the poll is deleted (its own page leaves), null to stay. */
  leaveTo?: string | null;
  /** A moderator reviewing a reported poll of a private room: the options are not votable. */
  readOnly?: boolean;
}

export function PollCard({
  poll: initial,
  detail = false,
  list = null,
  leaveTo = null,
  readOnly = false,
}: PollCardProps) {
  const viewer = useViewer();
  const gate = useRoomGate(initial.room, ROOMS.firstJoinPoll);
  const actor = usePollVoteActor(initial);
  const waiting = useVoterUnknown();
  const share = useShare();
  const poll = useSelector(actor, (snapshot) => snapshot.context.poll);
  const remove = useDeleteItem('poll', poll.id, list, leaveTo);
  const safety = useCardSafety({
    kind: 'poll',
    id: poll.id,
    title: poll.title,
    author: poll.createdBy.username,
    authorId: poll.userId,
    list,
    detail,
    leaveTo,
  });
  const ownerRemoval = useItemRemoval({
    kind: 'poll',
    id: poll.id,
    room: poll.room,
    authorId: poll.userId,
    owner: list,
    leaveTo,
  });
  // The question can change only before the first vote (docs/api.md "Editing").
  const edit = useEditItem(
    { kind: 'poll', id: poll.id, text: poll.title, editedAt: poll.editedAt },
    viewer?.userID === poll.userId && poll.totalVotes === 0,
  );
  const title = edit.shown.text;
  const path = `/poll/${poll.id}`;
  // On its own page the poll is the page: its question is the page's heading and the tab's name.
  const Heading = detail ? 'h1' : 'h2';
  const mask = useMaskReveal(initial.masked);
  useDocumentTitle(detail ? pageTitle(mask.hidden ? SAFETY.hiddenAfterReports : title) : null);

  const menu: MenuItem[] = [];
  if (!poll.room?.privateRoom) {
    menu.push({
      label: 'Share',
      icon: <ShareIcon />,
      onSelect: () =>
        gate.joined ? void share({ path, text: POSTS.share(poll.createdBy.username) }) : gate.refuse(),
    });
  }
  menu.push(...edit.items);
  if (viewer?.userID === poll.userId) {
    menu.push({ label: 'Delete', icon: <TrashIcon />, danger: true, onSelect: remove.request });
  }
  menu.push(...ownerRemoval.items, ...safety.items);

  // Hidden from this reader's feeds: nothing drawn until the toast's Undo.
  if (safety.hidden) return null;

  // Masked after reports: a card with 'View anyway' until this reader reveals it.
  if (mask.hidden) return <MaskedCard what="Poll" heading={Heading} onReveal={mask.reveal} />;

  return (
    <>
      <article aria-labelledby={`poll-${poll.id}-title`} css={cardFrame}>
        <AuthorLine
          username={poll.createdBy.username}
          dp={poll.createdBy.dp}
          topic={poll.topic}
          room={poll.room}
          createdAt={poll.createdAt}
          editedAt={edit.shown.editedAt}
          menu={<CardMenu label="Poll menu" items={menu} />}
        />
        {initial.maskedForOthers && <AuthorMaskedNotice />}
        {edit.box}
        <Heading
          hidden={edit.box !== null}
          id={`poll-${poll.id}-title`}
          css={css`
            margin: -4px;
            font-size: 1.125rem;
            line-height: 1.35;
          `}
        >
          {/* The padding keeps the link's focus ring inside the clamp, which clips what overflows. */}
          <Clamp
            lines={3}
            as="span"
            toggle={false}
            css={css`
              padding: 4px;
            `}
          >
            {detail ? (
              title
            ) : (
              <Link
                to={path}
                css={css`
                  color: inherit;
                  text-decoration: none;
                  ${focusRing};
                  &:hover {
                    text-decoration: underline;
                  }
                `}
              >
                {title}
              </Link>
            )}
          </Clamp>
        </Heading>
        <ul
          aria-label="Options"
          css={css`
            display: flex;
            flex-direction: column;
            gap: 8px;
            margin: 0;
            padding: 0;
            list-style: none;
          `}
        >
          {poll.options.map((option) => {
            const percent = percentOf(option.votes, poll.totalVotes);
            const chosen = poll.myOptionId === option.id;
            return (
              <li key={option.id}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  disabled={waiting || readOnly}
                  onClick={() => actor.send({ type: 'option.choose', optionId: option.id })}
                  css={optionButton}
                >
                  <span aria-hidden="true" css={bar} style={{ width: `${percent}%` }} />
                  <span css={optionText}>{option.text}</span> <span css={optionPercent}>{percent}%</span>
                </button>
              </li>
            );
          })}
        </ul>
        <p
          css={css`
            margin: 0;
            color: ${theme.color.muted};
            font-size: 0.8125rem;
            font-weight: 600;
          `}
        >
          {POLLS.totalVotes(poll.totalVotes)}
        </p>
      </article>
      {remove.dialog}
      {ownerRemoval.dialog}
      {safety.dialogs}
    </>
  );
}

const optionButton = css`
  &:disabled {
    cursor: progress;
  }
  position: relative;
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  min-height: 42px;
  padding: 8px 14px;
  overflow: hidden;
  border: 1px solid ${theme.color.control};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font: inherit;
  font-size: 0.9375rem;
  text-align: left;
  cursor: pointer;
  ${focusRing};
  &:hover {
    border-color: ${theme.color.brand};
  }
  &[aria-pressed='true'] {
    border-color: ${theme.color.brand};
    font-weight: 600;
  }
  &[aria-pressed='true'] > span:first-of-type {
    background: #ffd9c7;
  }
`;

const bar = css`
  position: absolute;
  inset: 0 auto 0 0;
  background: ${theme.color.hover};
  transition: width 200ms ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const optionText = css`
  position: relative;
  flex: 1;
  overflow-wrap: anywhere;
`;

const optionPercent = css`
  position: relative;
  color: ${theme.color.muted};
  font-size: 0.8125rem;
  font-variant-numeric: tabular-nums;
`;
