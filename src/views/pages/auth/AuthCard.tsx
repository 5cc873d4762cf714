/** The centred card every auth screen sits in: a title, a line of help, the form, and links below. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pageTitle, useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { card } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

const { color, media } = theme;

const page = css`
  display: flex;
  justify-content: center;
  padding: 40px 16px 56px;
  ${media.sm} {
    padding: 20px 8px 40px;
  }
`;

const box = css`
  ${card};
  width: 100%;
  max-width: 420px;
  padding: 32px 32px 28px;
  ${media.sm} {
    padding: 24px 18px 20px;
  }
`;

const heading = css`
  margin: 0 0 6px;
  font-size: 1.5rem;
  font-weight: 700;
  color: ${color.text};
`;

const lead = css`
  margin: 0 0 24px;
  color: ${color.muted};
  font-size: 0.9375rem;
  line-height: 1.45;
`;

const foot = css`
  margin-top: 22px;
  padding-top: 18px;
  border-top: 1px solid ${color.border};
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 6px 18px;
  font-size: 0.875rem;
  color: ${color.muted};
  a {
    display: inline-block;
    padding: 2px 0;
    color: ${color.brandDark};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

export const formStack = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const wideButton = css`
  width: 100%;
  min-height: 44px;
`;

/** A quiet inline button for secondary actions such as 'Change email'. */
export const linkButton = css`
  min-height: 24px;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${color.brandDark};
  cursor: pointer;
  &:hover:not(:disabled) {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${color.focus};
    outline-offset: 2px;
    border-radius: 4px;
  }
  &:disabled {
    color: ${color.muted};
    cursor: not-allowed;
  }
`;

export function AuthCard({
  title,
  lead: leadText,
  footer,
  children,
}: {
  title: string;
  lead?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(pageTitle(title));
  return (
    <div css={page}>
      <section css={box} aria-labelledby="auth-title">
        <h1 id="auth-title" css={heading}>
          {title}
        </h1>
        {leadText ? <p css={lead}>{leadText}</p> : null}
        {children}
        {footer ? <div css={foot}>{footer}</div> : null}
      </section>
    </div>
  );
}

/** The footer links of the screens a guest may be lost on. */
export const backToSignIn = <Link to="/signin">Back to Sign In</Link>;
export const signUpInvite = (
  <span>
    New to Quad? <Link to="/signup">Sign Up</Link>
  </span>
);
