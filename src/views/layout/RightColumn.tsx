/**
 * Right column (spec §2 Layout): HOT-TOPICS links to the six topic communities, or what the page shows
 * there through `InRightColumn` (the room's info card on a room page, the profile's on a profile page,
 * each from its page's own chart). Hidden on narrow screens.
 */
import { css } from '@emotion/react';
import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import { TOPICS } from '../../domain/constants.ts';
import { Bone } from '../components/Skeletons.tsx';
import { TopicIcon } from '../components/TopicIcon.tsx';
import { card, navLink } from '../components/ui.ts';
import { theme } from '../theme.ts';

export function RightColumn({ slotRef }: { slotRef: (slot: HTMLDivElement | null) => void }) {
  return (
    <aside
      aria-label="Sidebar"
      css={css`
        position: sticky;
        top: ${theme.layout.topBarHeight + 20}px;
        align-self: start;
        ${theme.media.lg} {
          display: none;
        }
        /* A page's own card in the slot takes the place of the topics. */
        & > [data-slot]:not(:empty) + * {
          display: none;
        }
      `}
    >
      <div data-slot ref={slotRef} />
      <HotTopics />
    </aside>
  );
}

const Slot = createContext<HTMLElement | null>(null);

/** The right column's slot, handed by the shell to the page below it. */
export const RightColumnSlot = Slot.Provider;

/** Shows `children` in the right column in place of the topics while the caller is mounted. */
export function InRightColumn({ children }: { children: ReactNode }) {
  const slot = useContext(Slot);
  return slot ? createPortal(children, slot) : null;
}

export function AsidePlaceholder() {
  return (
    <div
      aria-hidden="true"
      css={css`
        ${card};
        display: grid;
        gap: 12px;
        padding: 16px;
      `}
    >
      <Bone width="60%" height={16} />
      <Bone height={56} />
    </div>
  );
}

export function HotTopics() {
  return (
    <section
      aria-labelledby="hot-topics-title"
      css={css`
        ${card};
        padding: 8px 8px 12px;
      `}
    >
      <h2
        id="hot-topics-title"
        css={css`
          margin: 0;
          padding: 10px 12px 8px;
          font-size: 0.75rem;
          font-weight: 700;
          letter-spacing: 0.08em;
          color: ${theme.color.muted};
        `}
      >
        HOT-TOPICS
      </h2>
      <ul
        css={css`
          margin: 0;
          padding: 0;
          list-style: none;
        `}
      >
        {TOPICS.map((topic) => (
          <li key={topic}>
            <NavLink
              to={`/q/${topic}`}
              css={[
                navLink,
                css`
                  padding: 8px 12px;
                `,
              ]}
            >
              <TopicIcon topic={topic} size={32} />
              q/{topic}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
