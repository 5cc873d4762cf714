/** Settings: the people the user blocked, each with Unblock (blockedUsers.machine.ts). */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { SAFETY } from '../../../domain/safety.ts';
import { useScreenDataActor } from '../../../system/hooks.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { useSafetyMachines } from '../../components/safety/safetyActions.tsx';
import { secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { SettingsSection } from './parts.tsx';

const row = css`
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
`;

export function BlockedSection() {
  const { blockedUsers } = useSafetyMachines();
  const actor = useScreenDataActor(blockedUsers);
  const users = useSelector(actor, (s) => s.context.users);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const muted = css`margin: 0; color: ${theme.color.muted};`;

  return (
    <SettingsSection title="Blocked people" lead="You do not see what they post.">
      {loading && <p css={muted}>Loading…</p>}
      {failed && (
        <div css={row}>
          <p css={muted}>The list could not be loaded.</p>
          <button type="button" css={secondaryButton} onClick={() => actor.send({ type: 'list.retry' })}>
            Try again
          </button>
        </div>
      )}
      {!loading && !failed && users.length === 0 && <p css={muted}>{SAFETY.noBlockedUsers}</p>}
      {users.length > 0 && (
        <ul
          css={css`display: flex; flex-direction: column; gap: 10px; margin: 0; padding: 0; list-style: none;`}
        >
          {users.map((user) => (
            <li key={user.username} css={row}>
              <Avatar src={user.dp} size={32} />
              <span css={css`flex: 1; min-width: 0; overflow-wrap: anywhere; font-weight: 600;`}>
                u/{user.username}
              </span>
              <button
                type="button"
                css={[secondaryButton, css`min-height: 36px; padding: 0 14px;`]}
                disabled={busy}
                aria-label={`Unblock u/${user.username}`}
                onClick={() => actor.send({ type: 'user.unblock', username: user.username })}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
