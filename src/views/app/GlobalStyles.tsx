/** Page-wide base styles from the theme tokens. */
import { css, Global } from '@emotion/react';
import { theme } from '../theme.ts';

export function GlobalStyles() {
  return (
    <Global
      styles={css`
        *,
        *::before,
        *::after {
          box-sizing: border-box;
        }
        html {
          -webkit-text-size-adjust: 100%;
          scroll-padding-top: ${theme.layout.topBarHeight + 12}px;
        }
        body {
          margin: 0;
          min-width: 320px;
          background: ${theme.color.page};
          color: ${theme.color.text};
          font-family: ${theme.font.body};
          font-size: 1rem;
          line-height: 1.5;
          -webkit-font-smoothing: antialiased;
        }
        img,
        svg {
          max-width: 100%;
        }
        a {
          color: ${theme.color.brandDark};
        }
        :focus-visible {
          outline: 2px solid ${theme.color.focus};
          outline-offset: 2px;
          box-shadow: 0 0 0 2px ${theme.color.surface};
        }
        ::selection {
          background: ${theme.color.brandSoft};
        }
      `}
    />
  );
}
