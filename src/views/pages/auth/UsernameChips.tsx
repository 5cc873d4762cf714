/** A few suggested usernames as chips: choosing one fills the read-only username field. */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '../../../domain/constants.ts';
import type { usernameSuggestionsMachine } from '../../../machines/usernameSuggestions.machine.ts';
import { focusRing } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

const { color, radius } = theme;

const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: -4px 0 0;
  padding: 0;
  list-style: none;
`;

const chip = css`
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  padding: 6px 12px;
  border: 1px solid ${color.border};
  border-radius: ${radius.pill};
  background: ${color.brandSoft};
  color: ${color.brandDark};
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 600;
  cursor: pointer;
  ${focusRing};
  &:hover {
    border-color: ${color.brand};
  }
`;

const note = css`
  font-size: 0.8125rem;
  color: ${color.muted};
`;

export type SuggestionsRef = ActorRefFrom<typeof usernameSuggestionsMachine>;

export function UsernameChips({
  suggestions,
  onChoose,
}: {
  suggestions: SuggestionsRef | undefined;
  onChoose: (username: string) => void;
}) {
  if (!suggestions) return null;
  return <Chips suggestions={suggestions} onChoose={onChoose} />;
}

function Chips({
  suggestions,
  onChoose,
}: {
  suggestions: SuggestionsRef;
  onChoose: (username: string) => void;
}) {
  const pool = useSelector(suggestions, (snapshot) => snapshot.context.pool);
  const fetching = useSelector(suggestions, (snapshot) => snapshot.hasTag('busy'));
  const shown = pool.slice(0, LIMITS.usernameChips);
  if (shown.length === 0) {
    return <p css={[note, { margin: 0 }]}>{fetching ? 'Finding usernames…' : 'No suggestions right now.'}</p>;
  }
  return (
    <ul css={row} aria-label="Suggested usernames">
      {shown.map((name) => (
        <li key={name} css={{ maxWidth: '100%' }}>
          <button type="button" css={chip} onClick={() => onChoose(name)}>
            {name}
          </button>
        </li>
      ))}
    </ul>
  );
}
