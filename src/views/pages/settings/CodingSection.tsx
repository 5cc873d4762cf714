/**
 * The coding profiles of the settings page (spec §2 Settings): the LeetCode handle and the Codeforces
 * handle, each added or updated and shown on the profile or not, each driven by its own codingHandle
 * chart (src/machines/codingHandle.machine.ts).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { UserInfo } from '../../../domain/entities.ts';
import { SETTINGS } from '../../../domain/peopleMessages.ts';
import { codingHandleInput, type HandleKind } from '../../../machines/codingHandle.machine.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { theme } from '../../theme.ts';
import { TextField } from '../auth/TextField.tsx';
import { CreateForm, SubmitButton } from '../create/formParts.tsx';
import { SettingsSection, Switch } from './parts.tsx';
import { useSettingsMachines } from './settingsMachines.ts';

const SITES: Record<HandleKind, { name: string; placeholder: string; show: string }> = {
  leetcode: {
    name: SETTINGS.leetcode,
    placeholder: SETTINGS.leetcodePlaceholder,
    show: SETTINGS.showLeetcode,
  },
  codeforces: {
    name: SETTINGS.codeforces,
    placeholder: SETTINGS.codeforcesPlaceholder,
    show: SETTINGS.showCodeforces,
  },
};

export function CodingSection({ user }: { user: UserInfo }) {
  return (
    <SettingsSection title={SETTINGS.codingTitle} lead={SETTINGS.codingLead}>
      <CodingHandle kind="leetcode" user={user} />
      <div
        css={css`
          border-top: 1px solid ${theme.color.border};
        `}
      />
      <CodingHandle kind="codeforces" user={user} />
    </SettingsSection>
  );
}

function CodingHandle({ kind, user }: { kind: HandleKind; user: UserInfo }) {
  const machines = useSettingsMachines();
  const logic = useMemo(() => machines.codingHandle(kind), [machines, kind]);
  const actor = useScreenActor(logic, { input: codingHandleInput(kind, user) });
  const handle = useSelector(actor, (s) => s.context.handle);
  const linked = useSelector(actor, (s) => s.context.linked);
  const error = useSelector(actor, (s) => s.context.error);
  const shown = useSelector(actor, (s) => s.context.shown);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canLink = useSelector(actor, (s) => s.can({ type: 'handle.link' }));
  const canToggle = useSelector(actor, (s) => s.can({ type: 'visibility.toggle' }));
  const site = SITES[kind];
  const status =
    linked === null
      ? SETTINGS.notLinked
      : kind === 'leetcode'
        ? SETTINGS.linkedAs(linked)
        : SETTINGS.rank(linked);

  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        gap: 12px;
      `}
    >
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: baseline;
          justify-content: space-between;
          gap: 4px 12px;
        `}
      >
        <h3
          css={css`
            margin: 0;
            font-size: 1rem;
          `}
        >
          {site.name}
        </h3>
        <span
          data-testid={`${kind}-status`}
          css={css`
            color: ${linked === null ? theme.color.muted : theme.color.success};
            font-size: 0.875rem;
            font-weight: 600;
          `}
        >
          {status}
        </span>
      </div>
      <CreateForm label={site.name} onSubmit={() => actor.send({ type: 'handle.link' })}>
        <div
          css={css`
            display: flex;
            align-items: flex-start;
            gap: 10px;
            & > button {
              margin-top: 27px;
              min-height: 44px;
            }
          `}
        >
          <div
            css={css`
              flex: 1;
              min-width: 0;
            `}
          >
            <TextField
              id={`settings-${kind}`}
              label={SETTINGS.handleLabel(site.name)}
              value={handle}
              placeholder={site.placeholder}
              autoComplete="off"
              spellCheck={false}
              error={error ?? undefined}
              disabled={busy}
              onValueChange={(value) => actor.send({ type: 'handle.change', value })}
            />
          </div>
          <SubmitButton busy={busy} allowed={canLink}>
            {busy ? SETTINGS.linking : linked === null ? SETTINGS.add : SETTINGS.update}
          </SubmitButton>
        </div>
      </CreateForm>
      <Switch
        label={site.show}
        checked={shown}
        disabled={!canToggle}
        note={linked === null ? SETTINGS.linkFirst : undefined}
        onToggle={() => actor.send({ type: 'visibility.toggle' })}
      />
    </div>
  );
}
