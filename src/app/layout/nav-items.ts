/** The header's main navigation (SPEC 2), in order. */
export const mainNavItems = [
  { key: 'home', to: '/' },
  { key: 'about', to: '/about' },
  { key: 'services', to: '/services' },
  { key: 'contact', to: '/contact' },
  { key: 'careers', to: '/careers' },
] as const;

/** The footer's Data Pages group. */
export const dataNavItems = [
  { key: 'terms', to: '/terms' },
  { key: 'privacy', to: '/privacy' },
  { key: 'legal', to: '/legal' },
  { key: 'sitemap', to: '/sitemap' },
] as const;
