/**
 * About (spec §1, §2): what Quad is, how it keeps people anonymous, and the two creators, whose names
 * and links come from the server's configuration (CREATOR_1_NAME, ...), never from the code.
 */
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { MODERATION_TEXT } from '../../domain/moderationMessages.ts';
import { useConfig } from '../../system/hooks.ts';
import { pageTitle, useDocumentTitle } from '../app/useDocumentTitle.ts';
import { strongLink } from '../components/CardParts.tsx';
import { quadPoints } from '../components/quadPoints.ts';
import { card, iconBadge } from '../components/ui.ts';
import { theme } from '../theme.ts';

const section = css`
  ${card};
  padding: 20px 24px;
  ${theme.media.sm} {
    padding: 16px;
  }
`;

export function AboutPage() {
  const { creators, collegeDomain } = useConfig();
  useDocumentTitle(pageTitle('About'));
  return (
    <div css={css`display: flex; flex-direction: column; gap: 16px;`}>
      <section css={section} aria-labelledby="about-title">
        <h1 id="about-title" css={css`margin: 0 0 6px; font-size: 1.5rem;`}>
          About Quad
        </h1>
        <p css={css`margin: 0; color: ${theme.color.muted}; line-height: 1.5;`}>
          Quad is the anonymous discussion board of {collegeDomain}: ask, answer, argue and vote with the
          people you share a campus with, without anyone knowing who you are.
        </p>
        <ul css={css`display: grid; gap: 14px; margin: 18px 0 0; padding: 0; list-style: none;`}>
          {quadPoints.map(({ Icon, title, text }) => (
            <li key={title} css={css`display: flex; gap: 12px; align-items: flex-start;`}>
              <span css={iconBadge(8)}>
                <Icon />
              </span>
              <span>
                <strong>{title}</strong>
                <br />
                <span css={css`color: ${theme.color.muted};`}>{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section css={section} aria-labelledby="safety-title">
        <h2 id="safety-title" css={css`margin: 0 0 6px; font-size: 1.125rem;`}>
          Keeping Quad safe
        </h2>
        <p css={css`margin: 0; color: ${theme.color.muted}; line-height: 1.5;`}>
          Anyone can report a post, poll, comment, room or account. Moderators review reports, and a removal
          needs two of them. Every removal and the rule it broke is listed in the{' '}
          <Link to="/mod/log" css={[strongLink, { textDecoration: 'underline' }]}>
            {MODERATION_TEXT.logLink}
          </Link>
          .
        </p>
      </section>
      {creators.length > 0 ? (
        <section css={section} aria-labelledby="creators-title">
          <h2 id="creators-title" css={css`margin: 0 0 10px; font-size: 1.125rem;`}>
            Made by
          </h2>
          <ul
            css={css`display: flex; flex-wrap: wrap; gap: 10px 24px; margin: 0; padding: 0; list-style: none;`}
          >
            {creators.map((creator) => (
              <li key={creator.name}>
                {creator.url ? (
                  <a href={creator.url} target="_blank" rel="noreferrer noopener">
                    {creator.name}
                  </a>
                ) : (
                  creator.name
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
