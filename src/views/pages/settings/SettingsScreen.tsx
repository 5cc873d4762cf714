/**
 * The settings of the signed-in user (spec §2 Settings): pictures, details, coding profiles and the
 * account's deletion, each section driven by its own chart from `useSettingsMachines`.
 */
import { css } from '@emotion/react';
import type { UserInfo } from '../../../domain/entities.ts';
import { SETTINGS } from '../../../domain/peopleMessages.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { theme } from '../../theme.ts';
import { PageStack } from '../PageStack.tsx';
import { BlockedSection } from './BlockedSection.tsx';
import { CodingSection } from './CodingSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { PicturesSection } from './PicturesSection.tsx';
import { useSettingsMachines } from './settingsMachines.ts';

/** Mount it with a key of the user's id: another user gets fresh charts. */
export function SettingsScreen({ user }: { user: UserInfo }) {
  const machines = useSettingsMachines();
  const settings = useScreenActor(machines.settings, { input: { username: user.username, bio: user.about } });
  useDocumentTitle(pageTitle(SETTINGS.title));

  return (
    <PageStack>
      <header
        css={css`
          padding: 4px 4px 0;
        `}
      >
        <h1
          css={css`
            margin: 0;
            font-size: 1.5rem;
          `}
        >
          {SETTINGS.title}
        </h1>
        <p
          css={css`
            margin: 4px 0 0;
            color: ${theme.color.muted};
            line-height: 1.45;
          `}
        >
          {SETTINGS.lead}
        </p>
      </header>
      <PicturesSection user={user} settings={settings} />
      <DetailsSection actor={settings} />
      <CodingSection user={user} />
      <BlockedSection />
      <DeleteAccountSection />
    </PageStack>
  );
}
