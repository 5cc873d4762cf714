/**
 * The avatar and banner of the settings page (spec §2 Settings: 'Profile photo and background image,
 * each edited in a modal with Cancel and Save'): the current pictures from the session user, each
 * changed in the shared ImageChangeDialog driven by its own imageChange chart (as the room page's
 * background and icon). A saved picture is told to the settings chart, which patches the session user.
 */
import { css } from '@emotion/react';
import { useCallback, useMemo, useState } from 'react';
import type { UserInfo } from '../../../domain/entities.ts';
import { SETTINGS } from '../../../domain/messages.ts';
import { PROFILE_IMAGE_TEXTS, type ProfileImageKind } from '../../../machines/profilePage.machine.ts';
import type { PictureField } from '../../../machines/settings.machine.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { ImageChangeDialog } from '../../components/ImageChangeDialog.tsx';
import { focusRing } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { CameraIcon } from '../room/roomIcons.tsx';
import type { SettingsActorRef } from './DetailsSection.tsx';
import { SettingsSection } from './parts.tsx';
import { useSettingsMachines } from './settingsMachines.tsx';

/** The profile's names of the pictures, whose dialogs have the same texts (spec §8 Image updates). */
const KINDS: Record<PictureField, ProfileImageKind> = { dp: 'avatar', bgImg: 'banner' };

const DEFAULT_BANNER = '/default-banner.svg';

const cssUrl = (src: string) => `url("${src.replace(/["\\]/g, '\\$&')}")`;

/** A pill over the pictures, readable on any image. */
const overlayButton = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 34px;
  padding: 0 12px;
  border: 1px solid rgba(255, 255, 255, 0.7);
  border-radius: ${theme.radius.pill};
  background: rgba(255, 255, 255, 0.92);
  color: ${theme.color.text};
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 600;
  cursor: pointer;
  box-shadow: 0 1px 3px rgba(16, 24, 40, 0.18);
  ${focusRing};
  &:hover {
    background: #fff;
    color: ${theme.color.brandDark};
  }
`;

export function PicturesSection({ user, settings }: { user: UserInfo; settings: SettingsActorRef }) {
  const machines = useSettingsMachines();
  const [dialog, setDialog] = useState<PictureField | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const machine = useMemo(() => (dialog ? machines.picture(dialog) : null), [dialog, machines]);
  const saved = useCallback(
    (result: unknown) => {
      if (dialog) settings.send({ type: 'picture.saved', field: dialog, user: result as UserInfo });
    },
    [dialog, settings],
  );

  return (
    <SettingsSection title={SETTINGS.picturesTitle}>
      <div
        css={css`
          overflow: hidden;
          border: 1px solid ${theme.color.border};
          border-radius: ${theme.radius.md};
        `}
      >
        <div
          css={css`
            position: relative;
            height: 120px;
            background: ${cssUrl(user.bgImg ?? DEFAULT_BANNER)} center / cover no-repeat,
              ${theme.color.brandSoft};
            ${theme.media.sm} {
              height: 96px;
            }
          `}
        >
          <div
            role="img"
            aria-label={SETTINGS.banner}
            css={css`
              position: absolute;
              inset: 0;
            `}
          />
          <button
            type="button"
            css={[
              overlayButton,
              css`
                position: absolute;
                top: 10px;
                right: 10px;
              `,
            ]}
            onClick={() => setDialog('bgImg')}
          >
            <CameraIcon size={16} />
            {SETTINGS.changeBanner}
          </button>
        </div>
        <div
          css={css`
            display: flex;
            align-items: flex-end;
            gap: 14px;
            padding: 0 14px 14px;
          `}
        >
          <div
            css={css`
              position: relative;
              flex: none;
              margin-top: -36px;
              border: 4px solid ${theme.color.surface};
              border-radius: 50%;
              background: ${theme.color.surface};
            `}
          >
            <Avatar src={user.dp} alt={SETTINGS.avatar} size={80} />
            <button
              type="button"
              aria-label={SETTINGS.changeAvatar}
              title={SETTINGS.changeAvatar}
              css={[
                overlayButton,
                css`
                  position: absolute;
                  right: -6px;
                  bottom: -2px;
                  width: 32px;
                  min-height: 32px;
                  padding: 0;
                  justify-content: center;
                `,
              ]}
              onClick={() => setDialog('dp')}
            >
              <CameraIcon size={16} />
            </button>
          </div>
          <div
            css={css`
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
        </div>
      </div>
      {machine && dialog && (
        <ImageChangeDialog
          key={dialog}
          title={dialog === 'dp' ? SETTINGS.changeAvatar : SETTINGS.changeBanner}
          machine={machine}
          input={PROFILE_IMAGE_TEXTS[KINDS[dialog]]}
          current={dialog === 'dp' ? user.dp : user.bgImg}
          shape={dialog === 'dp' ? 'round' : 'wide'}
          onSaved={saved}
          onClose={close}
        />
      )}
    </SettingsSection>
  );
}
