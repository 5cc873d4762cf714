/** Design tokens shared by every view. */
export const theme = {
  /**
   * WCAG 2.2 AA on white, page, hover and brandSoft backgrounds: text colours 4.5:1 or more, UI
   * colours (control borders, focus ring, meaningful icons) 3:1 or more. `brand` (#ff4500) is the
   * identity colour for decoration and large shapes only: white text on it is 3.44:1, so filled
   * buttons and orange text use `brandDark` (5.18:1 on white, 4.56:1 on hover).
   */
  color: {
    brand: '#ff4500',
    brandDark: '#c2410c',
    /** The hover and pressed state of a filled brandDark button (7.31:1 with white). */
    brandDeep: '#9a3412',
    brandSoft: '#fff1eb',
    text: '#1c1c1c',
    muted: '#53676e',
    /** Decorative lines between parts: cards, rules. Never the only edge of a control. */
    border: '#e3e6e8',
    /** The edge of a control (inputs, switches, option boxes): 3.77:1 on white, 3.48:1 on page. */
    control: '#79858f',
    /** The ring drawn around the focused control: 4.78:1 on page, 4.56:1 on hover. */
    focus: '#c2410c',
    surface: '#ffffff',
    page: '#f4f6f8',
    hover: '#eef1f3',
    /** A disabled control's fill and text (5.68:1): unavailable but still readable. */
    disabledFill: '#e3e6e8',
    disabledText: '#4d5a60',
    danger: '#b42318',
    success: '#0e7a55',
    upvote: '#c2410c',
    downvote: '#5b4fe0',
  },
  radius: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06)',
    popup: '0 8px 24px rgba(16, 24, 40, 0.16)',
  },
  font: {
    body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  layout: { topBarHeight: 74, sideNavWidth: 248, rightColumnWidth: 312, contentMax: 740 },
  /** Breakpoints: below `md` the side nav collapses, below `lg` the right column hides. */
  media: {
    sm: '@media (max-width: 640px)',
    md: '@media (max-width: 960px)',
    lg: '@media (max-width: 1200px)',
  },
  /** The same breakpoints from the other side: at least as wide as where `md` and `lg` stop. */
  wider: {
    md: '@media (min-width: 961px)',
    lg: '@media (min-width: 1201px)',
  },
} as const;
