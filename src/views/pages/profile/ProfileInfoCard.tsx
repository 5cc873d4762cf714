/**
 * The profile's info card (spec §2 Profile): the counts of posts, comments, upvotes and polls, the
 * 'Cake day' (the date part of createdAt), Share ('Profile link copied to clipboard' when there is no
 * share sheet), and for the owner the 'Edit' row 'Profile / Customise your profile' leading to
 * /setting/. Shown in the right column on wide screens and in a popup on narrow ones.
 */
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { PROFILE, PROFILE_PAGE } from '../../../domain/peopleMessages.ts';
import type { Profile } from '../../../domain/profileSchemas.ts';
import { datePart, dayLabel } from '../../../domain/time.ts';
import { CountList } from '../../components/CountList.tsx';
import { InfoCard } from '../../components/InfoCard.tsx';
import { focusRing, iconBadge } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { PencilIcon } from '../room/roomIcons.tsx';
import { CakeIcon, ChevronRightIcon } from './profileIcons.tsx';

const counts = (profile: Profile) =>
  [
    [PROFILE_PAGE.posts, profile._count.posts],
    [PROFILE_PAGE.comments, profile._count.comments],
    [PROFILE_PAGE.upvotes, profile._count.upvotes],
    [PROFILE_PAGE.polls, profile._count.polls],
  ] as const;

export const profilePath = (username: string) => `/u/${encodeURIComponent(username)}`;

interface ProfileInfoCardProps {
  profile: Profile;
  owner: boolean;
  /** Without the card's own border and shadow (inside a popup). */
  bare?: boolean;
}

export function ProfileInfoCard({ profile, owner, bare = false }: ProfileInfoCardProps) {
  const day = datePart(profile.createdAt);
  return (
    <InfoCard
      label={PROFILE_PAGE.aboutTitle(profile.username)}
      bare={bare}
      title={
        <h2
          css={css`
            margin: 0;
            min-width: 0;
            font-size: 1rem;
            overflow-wrap: anywhere;
          `}
        >
          u/{profile.username}
        </h2>
      }
      sharing={{
        path: profilePath(profile.username),
        text: PROFILE_PAGE.shareText(profile.username),
        copied: PROFILE.linkCopied,
      }}
    >
      <CountList items={counts(profile)} columns={2} align="start" />
      <p
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
          margin: 0;
          font-size: 0.9375rem;
        `}
      >
        <span
          css={css`
            display: inline-flex;
            color: ${theme.color.brand};
          `}
        >
          <CakeIcon />
        </span>
        <span
          css={css`
            color: ${theme.color.muted};
          `}
        >
          {PROFILE.cakeDay}
        </span>
        <time
          dateTime={day}
          css={css`
            margin-left: auto;
            font-weight: 600;
          `}
        >
          {dayLabel(day)}
        </time>
      </p>
      {owner && <EditRow />}
    </InfoCard>
  );
}

/** The owner's way to the settings (spec §2: 'Edit' row 'Profile / Customise your profile'). */
function EditRow() {
  return (
    <Link
      to="/setting/"
      css={css`
        display: flex;
        align-items: center;
        gap: 12px;
        padding: 10px 12px;
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius.sm};
        color: ${theme.color.text};
        text-decoration: none;
        ${focusRing};
        &:hover {
          border-color: ${theme.color.brand};
          background: ${theme.color.brandSoft};
        }
      `}
    >
      <span css={iconBadge(7)}>
        <PencilIcon />
      </span>
      <span
        css={css`
          display: flex;
          flex: 1;
          flex-direction: column;
          min-width: 0;
        `}
      >
        <strong
          css={css`
            font-size: 0.9375rem;
          `}
        >
          {PROFILE.editTitle}
        </strong>{' '}
        <span
          css={css`
            color: ${theme.color.muted};
            font-size: 0.8125rem;
          `}
        >
          {PROFILE.editSubtitle}
        </span>
      </span>{' '}
      <span
        css={css`
          display: inline-flex;
          align-items: center;
          gap: 2px;
          color: ${theme.color.brandDark};
          font-size: 0.875rem;
          font-weight: 600;
        `}
      >
        Edit
        <ChevronRightIcon />
      </span>
    </Link>
  );
}
