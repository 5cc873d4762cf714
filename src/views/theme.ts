/** Design tokens shared by every view. */
export const theme = {
  color: {
    brand: '#ff4500',
    brandDark: '#d93a00',
    brandSoft: '#fff1eb',
    text: '#1c1c1c',
    muted: '#576f76',
    border: '#e3e6e8',
    surface: '#ffffff',
    page: '#f4f6f8',
    hover: '#eef1f3',
    danger: '#d92d20',
    success: '#12805c',
    upvote: '#ff4500',
    downvote: '#6a5cff',
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
} as const;
