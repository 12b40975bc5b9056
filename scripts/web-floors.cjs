/**
 * The floors of packages/web/src, lowest first: one list for the lint rule
 * (.dependency-cruiser.cjs) and the figures (scripts/web-figures.mjs). An import goes down, never
 * up, and never sideways into a sibling folder of its own floor: working areas share what they
 * need through a lower floor (the kit, the store).
 */
const WEB_FLOORS = [
  ['util', 'styles'],
  ['backend'],
  ['store'],
  ['sync'],
  ['components/kit'],
  // Shared by several areas: conditions and rule-in-words (rules, register, reports,
  // schedules), and tags in notes (the register, the shell's provider).
  ['components/conditions', 'components/tags'],
  ['components/encryption', 'components/import', 'components/schedules', 'components/users'],
  ['components/rules'],
  [
    'components/accounts',
    'components/budget',
    'components/manager',
    'components/payees',
    'components/reports',
    'components/settings',
  ],
  ['components/shell'],
  // The app's root: boot, the modal registry, the chrome around both shells.
  ['components/app'],
  // The page's first script, the worker's start (main.tsx imports its connection).
  ['boot.ts'],
  ['main.tsx'],
];

module.exports = { WEB_FLOORS };
