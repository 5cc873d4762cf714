/**
 * The details form of the settings page (spec §2 Settings): the read-only username with Generate, the
 * bio with its counter and 'Clear bio', a new password with its hint and, while one is typed, the
 * current password, and Cancel / Save, all driven by the settings chart
 * (src/machines/settings.machine.ts): Save is enabled only once something changed.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SETTINGS } from '../../../domain/peopleMessages.ts';
import { BIO_MAX } from '../../../domain/userValidation.ts';
import {
  asksCurrentPassword,
  type settingsMachine,
  type TypedField,
} from '../../../machines/settings.machine.ts';
import { RefreshIcon } from '../../components/icons.tsx';
import { secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { PasswordField } from '../auth/PasswordField.tsx';
import { TextField as LineField } from '../auth/TextField.tsx';
import { CreateForm, FormActions, SubmitButton, TextField } from '../create/formParts.tsx';
import { SettingsSection } from './parts.tsx';

export type SettingsActorRef = ActorRefFrom<typeof settingsMachine>;

const generateButton = css`
  ${secondaryButton};
  min-height: 34px;
  margin-right: 5px;
  padding: 0 12px;
  font-size: 0.875rem;
`;

const hint = css`
  margin: 6px 0 0;
  color: ${theme.color.muted};
  font-size: 0.8125rem;
`;

const bioActions = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  margin-top: -6px;
`;

const textButton = css`
  min-height: 32px;
  padding: 0 4px;
  border: 0;
  background: none;
  color: ${theme.color.brandDark};
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 2px;
    border-radius: 4px;
  }
`;

export function DetailsSection({ actor }: { actor: SettingsActorRef }) {
  const fields = useSelector(actor, (s) => s.context.fields);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'form.cancel' }));
  const suggestions = useSelector(actor, (s) => s.children.usernameSuggestions);
  const canGenerate = useSelector(suggestions, (s) => s?.can({ type: 'username.refresh' }) ?? false);
  const canClearBio = useSelector(actor, (s) => s.can({ type: 'bio.clear' }));
  const bioCleared = useSelector(actor, (s) => s.context.bioCleared);
  const asksCurrent = useSelector(actor, (s) => asksCurrentPassword(s.context));
  const change = (field: TypedField) => (value: string) => actor.send({ type: 'field.change', field, value });

  return (
    <SettingsSection title={SETTINGS.detailsTitle}>
      <CreateForm label={SETTINGS.detailsTitle} onSubmit={() => actor.send({ type: 'form.submit' })}>
        <LineField
          id="settings-username"
          label={SETTINGS.username}
          value={fields.username}
          readOnly
          error={errors.username}
          trailing={
            <button
              type="button"
              css={generateButton}
              aria-label={SETTINGS.generateLabel}
              disabled={busy || !canGenerate}
              onClick={() => actor.send({ type: 'username.generate' })}
            >
              <RefreshIcon size={16} />
              {SETTINGS.generate}
            </button>
          }
        />
        <TextField
          id="settings-bio"
          label={SETTINGS.bio}
          value={fields.bio}
          error={errors.bio}
          limit={BIO_MAX}
          rows={3}
          disabled={busy}
          placeholder={SETTINGS.bioPlaceholder}
          onChange={change('bio')}
        />
        {(canClearBio || bioCleared) && (
          <div css={bioActions}>
            {canClearBio && (
              <button
                type="button"
                css={textButton}
                disabled={busy}
                onClick={() => actor.send({ type: 'bio.clear' })}
              >
                {SETTINGS.clearBio}
              </button>
            )}
            {bioCleared && (
              <p css={hint} role="status">
                {SETTINGS.bioCleared}
              </p>
            )}
          </div>
        )}
        <div>
          <PasswordField
            id="settings-password"
            label={SETTINGS.password}
            autoComplete="new-password"
            placeholder={SETTINGS.passwordPlaceholder}
            value={fields.password}
            error={errors.password}
            disabled={busy}
            onValueChange={change('password')}
          />
          <p css={hint}>{SETTINGS.passwordHint}</p>
        </div>
        {asksCurrent && (
          <div>
            <PasswordField
              id="settings-current-password"
              label={SETTINGS.currentPassword}
              autoComplete="current-password"
              value={fields.currentPassword}
              error={errors.currentPassword}
              disabled={busy}
              onValueChange={change('currentPassword')}
            />
            <p css={hint}>{SETTINGS.currentPasswordHint}</p>
          </div>
        )}
        <FormActions>
          <button
            type="button"
            css={secondaryButton}
            disabled={!canCancel}
            onClick={() => actor.send({ type: 'form.cancel' })}
          >
            {SETTINGS.cancel}
          </button>
          <SubmitButton busy={busy} allowed={canSave}>
            {busy ? SETTINGS.saving : SETTINGS.save}
          </SubmitButton>
        </FormActions>
      </CreateForm>
    </SettingsSection>
  );
}
