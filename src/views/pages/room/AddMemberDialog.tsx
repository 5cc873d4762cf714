/**
 * Add member (spec §5), for the owner and the members of a public room: people are searched 500 ms
 * after typing stops, one must be picked from the suggestions ('No matching users found.' when none
 * match) before Send Request works. The dialog closes once the request is sent.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { EMPTY } from '../../../domain/emptyStates.ts';
import { ROOM_PAGE, ROOMS } from '../../../domain/messages.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { DialogFrame } from '../../components/rooms/DialogFrame.tsx';
import { focusRing, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { CreateForm, control, FormActions, fieldWrap, labelRow, SubmitButton } from '../create/formParts.tsx';
import { useRoomPageMachines } from './roomPageMachines.ts';

const note = css`
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9375rem;
`;

const suggestion = css`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  padding: 8px 10px;
  border: 1px solid transparent;
  border-radius: ${theme.radius.sm};
  background: none;
  color: ${theme.color.text};
  font: inherit;
  font-weight: 500;
  text-align: left;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
  }
  &[aria-pressed='true'] {
    border-color: ${theme.color.brand};
    background: ${theme.color.brandSoft};
    color: ${theme.color.brandDark};
  }
`;

export function AddMemberDialog({ title, onClose }: { title: string; onClose: () => void }) {
  const { addMember } = useRoomPageMachines();
  const actor = useScreenActor(addMember, { input: { title } });
  const query = useSelector(actor, (s) => s.context.query);
  const suggestions = useSelector(actor, (s) => s.context.suggestions);
  const picked = useSelector(actor, (s) => s.context.picked);
  const searching = useSelector(actor, (s) => s.matches('debouncing') || s.matches('searching'));
  const noMatches = useSelector(actor, (s) => s.matches('noMatches'));
  const canSend = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const sent = useSelector(actor, (s) => s.status === 'done');
  const id = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (sent) closeRef.current();
  }, [sent]);

  return (
    <DialogFrame title={ROOM_PAGE.addMember} subtitle={`q/${title}`} canClose={!sending} onClose={onClose}>
      <CreateForm label={ROOM_PAGE.addMember} onSubmit={() => actor.send({ type: 'form.submit' })}>
        <div css={fieldWrap}>
          <label htmlFor={`${id}-query`} css={labelRow}>
            {ROOM_PAGE.searchPeople}
          </label>
          <input
            id={`${id}-query`}
            data-autofocus
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={query}
            disabled={sending}
            aria-controls={suggestions.length > 0 ? `${id}-list` : undefined}
            aria-describedby={`${id}-hint`}
            onChange={(event) => actor.send({ type: 'query.change', value: event.target.value })}
            css={control}
          />
        </div>
        <div id={`${id}-hint`} aria-live="polite">
          {searching && <p css={note}>Searching…</p>}
          {noMatches && (
            <>
              <p css={note}>{ROOMS.noMatchingUsers}</p>
              <p css={note}>{EMPTY.addMember.text}</p>
            </>
          )}
          {suggestions.length > 0 && !picked && <p css={note}>{ROOM_PAGE.pickSuggestion}</p>}
        </div>
        {suggestions.length > 0 && (
          <ul
            id={`${id}-list`}
            aria-label="Suggestions"
            css={css`
              display: flex;
              flex-direction: column;
              gap: 4px;
              margin: -6px 0 0;
              padding: 0;
              list-style: none;
            `}
          >
            {suggestions.map((person) => (
              <li key={person.username}>
                <button
                  type="button"
                  aria-pressed={picked === person.username}
                  disabled={sending}
                  onClick={() => actor.send({ type: 'suggestion.pick', username: person.username })}
                  css={suggestion}
                >
                  <Avatar src={person.dp} size={28} />
                  u/{person.username}
                </button>
              </li>
            ))}
          </ul>
        )}
        <FormActions>
          <button type="button" css={secondaryButton} disabled={sending} onClick={onClose}>
            {ROOM_PAGE.cancel}
          </button>
          <SubmitButton busy={sending} allowed={canSend}>
            {ROOM_PAGE.sendRequest}
          </SubmitButton>
        </FormActions>
      </CreateForm>
    </DialogFrame>
  );
}
