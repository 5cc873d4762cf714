/**
 * Deleting the account (spec §2 Settings, §4 Settings: 'first click arms it (warning shown, button
 * reads 'Again Click to Confirm'), second performs it'), driven by the accountDeletion chart.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { SETTINGS } from '../../../domain/peopleMessages.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { TrashIcon } from '../../components/feedIcons.tsx';
import { primaryButton, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { SettingsSection } from './parts.tsx';
import { useSettingsMachines } from './settingsMachines.ts';

const { color, radius } = theme;

const dangerButton = css`
  ${primaryButton};
  border-color: ${color.danger};
  background: ${color.danger};
  &:hover:not(:disabled) {
    border-color: #b42318;
    background: #b42318;
  }
`;

const note = css`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${radius.sm};
  font-size: 0.875rem;
  line-height: 1.45;
`;

export function DeleteAccountSection() {
  const machines = useSettingsMachines();
  const actor = useScreenActor(machines.accountDeletion);
  const armed = useSelector(actor, (s) => s.hasTag('armed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const canArm = useSelector(actor, (s) => s.can({ type: 'delete.arm' }));

  return (
    <SettingsSection title={SETTINGS.deleteTitle} lead={SETTINGS.deleteLead} tone="danger">
      {armed && (
        <p
          role="alert"
          css={[
            note,
            css`
              border: 1px solid #f5c2bd;
              background: #fef3f2;
              color: ${color.danger};
              font-weight: 600;
            `,
          ]}
        >
          {SETTINGS.deleteWarning}
        </p>
      )}
      {failed && (
        <p role="status" css={[note, css`background: ${color.page}; color: ${color.text};`]}>
          {SETTINGS.tryLater}
        </p>
      )}
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 10px;
        `}
      >
        <button
          type="button"
          css={armed || busy ? dangerButton : [secondaryButton, css`color: ${color.danger};`]}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => actor.send({ type: canArm ? 'delete.arm' : 'delete.confirm' })}
        >
          <TrashIcon />
          {busy ? SETTINGS.deleting : armed ? SETTINGS.deleteConfirm : SETTINGS.deleteAccount}
        </button>
        {armed && (
          <button type="button" css={secondaryButton} onClick={() => actor.send({ type: 'delete.cancel' })}>
            {SETTINGS.keepAccount}
          </button>
        )}
      </div>
    </SettingsSection>
  );
}
