/** The header's main navigation (SPEC 2), in order; `section` lists the other pages that belong to an item. */
export const mainNavItems = [
  { key: 'home', to: '/', section: [] },
  { key: 'about', to: '/about', section: [] },
  { key: 'services', to: '/services', section: ['/services/'] },
  { key: 'contact', to: '/contact', section: [] },
  { key: 'careers', to: '/careers', section: ['/jobs', '/application-process'] },
] as const satisfies readonly { key: string; to: string; section: readonly string[] }[];

export type MainNavItem = (typeof mainNavItems)[number];

/** Whether `path` is the item's page or one of its section (a prefix ending in `/` matches every page below it). */
export function isCurrentSection(item: MainNavItem, path: string | null): boolean {
  if (path === null) return false;
  if (path === item.to) return true;
  return item.section.some((member: string) => (member.endsWith('/') ? path.startsWith(member) : path === member));
}

/** The footer's Data Pages group. */
export const dataNavItems = [
  { key: 'terms', to: '/terms' },
  { key: 'privacy', to: '/privacy' },
  { key: 'legal', to: '/legal' },
  { key: 'sitemap', to: '/sitemap' },
] as const;
