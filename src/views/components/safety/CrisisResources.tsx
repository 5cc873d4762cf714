/**
 * The "You are not alone" card (docs/moderation.md, crisis help): who on campus can help right now,
 * each with a number to call and a page to read. Shown to a reporter after a self-harm report and to
 * an author whose words asked for help.
 */
import { css } from '@emotion/react';
import { type CrisisResource, SAFETY } from '../../../domain/safety.ts';
import { theme } from '../../theme.ts';
import { focusRing } from '../ui.ts';

const link = css`
  display: inline-block;
  padding: 2px 0;
  color: ${theme.color.brandDark};
  font-weight: 600;
  overflow-wrap: anywhere;
  ${focusRing};
`;

/** A phone number as a `tel:` address: digits and a leading +. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function CrisisResources({ resources }: { resources: CrisisResource[] }) {
  return (
    <section
      aria-labelledby="crisis-title"
      css={css`
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 14px 16px;
        border-radius: ${theme.radius.md};
        background: ${theme.color.brandSoft};
      `}
    >
      <h3 id="crisis-title" css={css`margin: 0; font-size: 1rem;`}>
        {SAFETY.crisisTitle}
      </h3>
      <p css={css`margin: 0; line-height: 1.5;`}>{SAFETY.crisisIntro}</p>
      <ul
        css={css`
          display: flex;
          flex-direction: column;
          gap: 10px;
          margin: 0;
          padding: 0;
          list-style: none;
        `}
      >
        {resources.map((resource) => (
          <li key={resource.name} css={css`display: flex; flex-direction: column; gap: 2px;`}>
            <strong>{resource.name}</strong>
            {resource.phone && (
              <a href={telOf(resource.phone)} css={link}>
                {resource.phone}
              </a>
            )}
            {resource.url && (
              <a href={resource.url} target="_blank" rel="noreferrer" css={link}>
                {resource.url}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
