/**
 * The head of a profile (spec §2 Profile, §6 Profile owner): the banner (the default one when there is
 * none) and avatar, the username and u/{username}, the Codeforces rank (when shown), the quoted bio
 * clamped to 3 lines, the LeetCode stats button (when shown), and on narrow screens the About button
 * opening the info card in a popup. The owner also gets the banner and avatar changes.
 */
import { css } from '@emotion/react';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { PROFILE_PAGE } from '../../../domain/peopleMessages.ts';
import type { Profile } from '../../../domain/profileSchemas.ts';
import { PROFILE_IMAGE_TEXTS, type ProfileImageKind } from '../../../machines/profilePage.machine.ts';
import { lazyNamed } from '../../app/lazyNamed.ts';
import { pageTitle, useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { CardMenu } from '../../components/CardMenu.tsx';
import { Clamp } from '../../components/Clamp.tsx';
import { CoverHead, cssUrl } from '../../components/CoverParts.tsx';
import { InfoIcon } from '../../components/icons.tsx';
import { LinkifiedText } from '../../components/LinkifiedText.tsx';
import { onDemand, useOnDemand } from '../../components/onDemand.ts';
import { useProfileSafety } from '../../components/safety/safetyActions.tsx';
import { card, secondaryButton, withoutRightColumn } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { CodeIcon } from './profileIcons.tsx';
import { type ProfilePageActorRef, useProfileMachines } from './profileMachines.ts';
import { RankLabel } from './RankLabel.tsx';

const DEFAULT_BANNER = '/default-banner.svg';

type Dialog = ProfileImageKind | 'stats' | null;

// The dialogs (Radix Dialog under them) load when first opened, not with the profile.
const ImageChangeDialog = lazyNamed(
  () => import('../../components/ImageChangeDialog.tsx'),
  'ImageChangeDialog',
);
const StatsDialog = lazyNamed(() => import('./StatsCard.tsx'), 'StatsDialog');

const aboutPopover = onDemand(() => import('./AboutPopover.tsx').then((module) => module.AboutPopover));

export const smallButton = css`
  min-height: 36px;
  padding: 0 14px;
  font-size: 0.875rem;
`;

interface ProfileHeaderProps {
  page: ProfilePageActorRef;
  profile: Profile;
  owner: boolean;
}

export function ProfileHeader({ page, profile, owner }: ProfileHeaderProps) {
  useDocumentTitle(pageTitle(`u/${profile.username}`));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const machines = useProfileMachines();
  const imageKind = dialog === 'avatar' || dialog === 'banner' ? dialog : null;
  const imageMachine = useMemo(
    () => (imageKind ? machines.profileImage(imageKind) : null),
    [imageKind, machines],
  );
  const handle = profile.showLC ? profile.leetcode : null;
  const safety = useProfileSafety(profile.username);

  return (
    <header
      css={css`
        ${card};
        position: relative;
      `}
    >
      <CoverHead
        cover={{
          testId: 'profile-banner',
          background: `${cssUrl(profile.bgImg ?? DEFAULT_BANNER)} center / cover no-repeat, ${theme.color.brand}`,
          height: 160,
          smallHeight: 104,
        }}
        coverChange={{
          label: PROFILE_PAGE.changeBanner,
          onChange: owner ? () => setDialog('banner') : undefined,
        }}
        picture={<Avatar src={profile.dp} size={92} alt={`u/${profile.username} avatar`} />}
        pictureOverlap={44}
        pictureSmallOverlap={36}
        pictureChange={{
          label: PROFILE_PAGE.changeAvatar,
          onChange: owner ? () => setDialog('avatar') : undefined,
        }}
      >
        <div
          css={css`
            flex: 1 1 180px;
            min-width: 0;
            padding-top: 10px;
          `}
        >
          <h1
            css={css`
              margin: 0;
              font-size: 1.5rem;
              line-height: 1.2;
              overflow-wrap: anywhere;
            `}
          >
            {profile.username}
          </h1>
          <p
            css={css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              gap: 6px 10px;
              margin: 4px 0 0;
              color: ${theme.color.muted};
              font-size: 0.875rem;
            `}
          >
            <span>u/{profile.username}</span>
            {profile.showCf && <RankLabel rank={profile.codeforces} />}
          </p>
        </div>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 8px;
            padding-top: 10px;
            ${theme.media.sm} {
              width: 100%;
            }
          `}
        >
          {handle && (
            <button
              type="button"
              css={[secondaryButton, smallButton]}
              aria-haspopup="dialog"
              onClick={() => setDialog('stats')}
            >
              <CodeIcon />
              {PROFILE_PAGE.statsButton}
            </button>
          )}
          <AboutPopup profile={profile} owner={owner} />
          <CardMenu label="Profile menu" items={safety.items} />
        </div>
      </CoverHead>
      {profile.bio && (
        <div
          css={css`
            display: flex;
            flex-direction: column;
            gap: 4px;
            margin: 0 16px 16px;
            padding-left: 12px;
            border-left: 3px solid ${theme.color.brandSoft};
          `}
        >
          <Clamp
            lines={3}
            as="blockquote"
            css={css`
              color: #2d3439;
              font-style: italic;
              line-height: 1.55;
            `}
          >
            “<LinkifiedText text={profile.bio} />”
          </Clamp>
        </div>
      )}
      {safety.dialogs}
      <Suspense fallback={null}>
        {imageMachine && imageKind && (
          <ImageChangeDialog
            key={imageKind}
            title={imageKind === 'banner' ? PROFILE_PAGE.changeBanner : PROFILE_PAGE.changeAvatar}
            machine={imageMachine}
            input={PROFILE_IMAGE_TEXTS[imageKind]}
            current={imageKind === 'banner' ? profile.bgImg : profile.dp}
            shape={imageKind === 'banner' ? 'wide' : 'round'}
            owner={page}
            onClose={close}
          />
        )}
        {dialog === 'stats' && handle && <StatsDialog handle={handle} onClose={close} />}
      </Suspense>
    </header>
  );
}

/** On narrow screens (no right column) the info card opens from an About button, in a popover loaded on demand. */
function AboutPopup({ profile, owner }: { profile: Profile; owner: boolean }) {
  const { part: Popover, triggerProps, start } = useOnDemand(aboutPopover);
  return (
    <div css={withoutRightColumn}>
      {Popover ? (
        <Popover profile={profile} owner={owner} {...start} />
      ) : (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={false}
          css={[secondaryButton, smallButton]}
          {...triggerProps}
        >
          <InfoIcon size={18} />
          {PROFILE_PAGE.about}
        </button>
      )}
    </div>
  );
}
