/**
 * The avatar and banner of the settings page (spec §2 Settings: 'Profile photo and background image,
 * each edited in a modal with Cancel and Save'): the current pictures from the session user, each
 * changed in the shared ImageChangeDialog driven by its own imageChange chart (as the room page's
 * background and icon). A saved picture is told to the settings chart, which patches the session user.
 */
import { css } from '@emotion/react';
import { useCallback, useMemo, useState } from 'react';
import type { UserInfo } from '../../../domain/entities.ts';
import { SETTINGS } from '../../../domain/peopleMessages.ts';
import { PROFILE_IMAGE_TEXTS, type ProfileImageKind } from '../../../machines/profilePage.machine.ts';
import type { PictureField } from '../../../machines/settings.machine.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { CoverHead, cssUrl } from '../../components/CoverParts.tsx';
import { ImageChangeDialog } from '../../components/ImageChangeDialog.tsx';
import { theme } from '../../theme.ts';
import type { SettingsActorRef } from './DetailsSection.tsx';
import { SettingsSection } from './parts.tsx';
import { useSettingsMachines } from './settingsMachines.ts';

/** The profile's names of the pictures, whose dialogs have the same texts (spec §8 Image updates). */
const KINDS: Record<PictureField, ProfileImageKind> = { dp: 'avatar', bgImg: 'banner' };

const DEFAULT_BANNER = '/default-banner.svg';

export function PicturesSection({ user, settings }: { user: UserInfo; settings: SettingsActorRef }) {
  const machines = useSettingsMachines();
  const [dialog, setDialog] = useState<PictureField | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const machine = useMemo(() => (dialog ? machines.picture(dialog) : null), [dialog, machines]);

  return (
    <SettingsSection title={SETTINGS.picturesTitle}>
      <div
        css={css`
          border: 1px solid ${theme.color.border};
          border-radius: ${theme.radius.md};
        `}
      >
        <CoverHead
          cover={{
            testId: 'settings-banner',
            background: `${cssUrl(user.bgImg ?? DEFAULT_BANNER)} center / cover no-repeat, ${theme.color.brandSoft}`,
            height: 120,
            smallHeight: 96,
          }}
          coverChange={{ label: SETTINGS.changeBanner, onChange: () => setDialog('bgImg') }}
          picture={<Avatar src={user.dp} alt={SETTINGS.avatar} size={80} />}
          pictureOverlap={36}
          pictureChange={{ label: SETTINGS.changeAvatar, onChange: () => setDialog('dp') }}
        >
          <div
            css={css`
              flex: 1 1 160px;
              min-width: 0;
              padding-bottom: 6px;
            `}
          >
            <p
              css={css`
                margin: 0;
                font-weight: 700;
                overflow-wrap: anywhere;
              `}
            >
              u/{user.username}
            </p>
            <p
              css={css`
                margin: 2px 0 0;
                color: ${theme.color.muted};
                font-size: 0.8125rem;
              `}
            >
              {SETTINGS.picturesHint}
            </p>
          </div>
        </CoverHead>
      </div>
      {machine && dialog && (
        <ImageChangeDialog
          key={dialog}
          title={dialog === 'dp' ? SETTINGS.changeAvatar : SETTINGS.changeBanner}
          machine={machine}
          input={PROFILE_IMAGE_TEXTS[KINDS[dialog]]}
          current={dialog === 'dp' ? user.dp : user.bgImg}
          shape={dialog === 'dp' ? 'round' : 'wide'}
          owner={settings}
          onClose={close}
        />
      )}
    </SettingsSection>
  );
}
