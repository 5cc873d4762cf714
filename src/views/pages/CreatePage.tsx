/**
 * The create modal (spec §2 Create modal) at /create/post and /create/poll: two tabs as links, the
 * post or poll form, and closing (button, Escape or a click outside) back to /. Visitors are asked to
 * sign in instead. Opened from a room (router state `{ room }`, see create/roomContext.ts) it says
 * 'Posting in q/{title}', the forms have no topic, the tabs keep the room, and closing returns to the
 * room.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { type CreateRoomContext, roomPath } from '../../domain/roomRoutes.ts';
import { useSessionActor } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { CloseIcon } from '../components/icons.tsx';
import { Modal, ModalTitle } from '../components/Modal.tsx';
import { focusRing, iconButton, primaryButton } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { PollForm } from './create/PollForm.tsx';
import { PostForm } from './create/PostForm.tsx';
import { createRoomState, readCreateRoom } from './create/roomContext.ts';

/** The room the modal was opened from, if any (router state `{ room }`). */
function useCreateRoom(): CreateRoomContext | null {
  const { state } = useLocation();
  return readCreateRoom(state);
}

const tabLink = css`
  flex: 1;
  padding: 12px 8px;
  border-bottom: 2px solid transparent;
  color: ${theme.color.muted};
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  ${focusRing};
  &:hover {
    color: ${theme.color.text};
  }
  &[aria-current='page'] {
    color: ${theme.color.brandDark};
    border-bottom-color: ${theme.color.brand};
  }
`;

function CreateModal({ room, children }: { room: CreateRoomContext | null; children: ReactNode }) {
  const navigate = useNavigate();
  const close = useCallback(() => navigate(room ? roomPath(room) : '/'), [navigate, room]);
  const tabState = room ? createRoomState(room) : undefined;
  const session = useSessionActor();
  const visitor = useSelector(session, (s) => !s.hasTag('settling') && !s.hasTag('signedIn'));

  return (
    <Modal onDismiss={close}>
      <div
        css={css`
          display: flex;
          align-items: center;
          justify-content: space-between;
          padding: 14px 12px 0 20px;
        `}
      >
        <div css={css`min-width: 0;`}>
          <ModalTitle>
            <h2 css={css`margin: 0; font-size: 1.25rem;`}>Create</h2>
          </ModalTitle>
          {room && (
            <p
              css={css`
                margin: 2px 0 0;
                color: ${theme.color.muted};
                font-size: 0.875rem;
                overflow-wrap: anywhere;
              `}
            >
              Posting in <strong css={css`color: ${theme.color.brandDark};`}>q/{room.title}</strong>
            </p>
          )}
        </div>
        <button type="button" aria-label="Close" css={iconButton} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <nav
        aria-label="What to create"
        css={css`
          display: flex;
          margin: 6px 20px 0;
          border-bottom: 1px solid ${theme.color.border};
        `}
      >
        <NavLink to="/create/post" state={tabState} css={tabLink}>
          Post
        </NavLink>
        <NavLink to="/create/poll" state={tabState} css={tabLink}>
          Poll
        </NavLink>
      </nav>
      <div
        css={css`
          padding: 18px 20px 20px;
          ${theme.media.sm} {
            padding: 16px 14px 16px;
          }
        `}
      >
        {visitor ? (
          <div
            css={css`
              display: flex;
              flex-direction: column;
              align-items: flex-start;
              gap: 14px;
              margin: 8px 0;
            `}
          >
            <p css={css`margin: 0; line-height: 1.5;`}>
              Sign in to share a post or a poll with your college.
            </p>
            <Link to="/signin" css={primaryButton}>
              Sign in
            </Link>
          </div>
        ) : (
          children
        )}
      </div>
    </Modal>
  );
}

export function CreatePostTab() {
  const room = useCreateRoom();
  useDocumentTitle(pageTitle('Create a post'));
  return (
    <CreateModal room={room}>
      <PostForm key={room?.id ?? 'topic'} room={room} />
    </CreateModal>
  );
}

export function CreatePollTab() {
  const room = useCreateRoom();
  useDocumentTitle(pageTitle('Create a poll'));
  return (
    <CreateModal room={room}>
      <PollForm key={room?.id ?? 'topic'} room={room} />
    </CreateModal>
  );
}
