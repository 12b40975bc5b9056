/** Layer rules: crdt -> core -> platforms (core-node, core-web) -> api/server/web. */
const layer = (name) => `^packages/${name}/`;

const { WEB_FLOORS } = require('./scripts/web-floors.cjs');
const webFolders = (names) => `^packages/web/src/(${names.join('|').replace(/\./g, '\\.')})(/|$)`;
// Tests and their helpers may reach anything they exercise.
const WEB_TESTS = '\\.test\\.tsx?$|/test-helpers/';
const webFloorRules = WEB_FLOORS.flatMap((floor, i) => {
  const above = WEB_FLOORS.slice(i + 1).flat();
  const up = above.length
    ? [
        {
          name: `web-no-upward-import-from-${floor[0].replace(/\W/g, '-')}`,
          comment: 'packages/web/src has floors (WEB_FLOORS): an import goes down, never up.',
          severity: 'error',
          from: { path: webFolders(floor), pathNot: WEB_TESTS },
          to: { path: webFolders(above) },
        },
      ]
    : [];
  const sideways =
    floor.length > 1
      ? [
          {
            name: `web-siblings-${floor[0].replace(/\W/g, '-')}`,
            comment: 'Folders on one floor of packages/web/src are siblings: they share below.',
            severity: 'error',
            from: { path: webFolders(floor), pathNot: WEB_TESTS },
            to: { path: webFolders(floor), pathNot: '^packages/web/src/$1/' },
          },
        ]
      : [];
  return [...up, ...sideways];
});
// A folder of packages/web/src on no floor would escape the rules above: name it in WEB_FLOORS.
// The service worker (sw/) is its own bundle, apart from the app's floors.
const webOnAFloor = {
  name: 'web-folder-on-a-floor',
  comment:
    'Every folder of packages/web/src stands on a floor (WEB_FLOORS), so its imports are checked.',
  severity: 'error',
  from: {
    path: '^packages/web/src/',
    pathNot: [webFolders(WEB_FLOORS.flat()), WEB_TESTS, '^packages/web/src/sw/'],
  },
  to: { path: '^packages/web/src/' },
};
module.exports = {
  forbidden: [
    webOnAFloor,
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'crdt-is-the-bottom',
      severity: 'error',
      from: { path: layer('crdt') },
      to: { path: '^packages/(core|core-node|core-web|api|server|web)/' },
    },
    {
      name: 'core-depends-only-on-crdt',
      severity: 'error',
      from: { path: layer('core') },
      to: { path: '^packages/(core-node|core-web|api|server|web)/' },
    },
    {
      name: 'platforms-do-not-reach-up',
      severity: 'error',
      from: { path: '^packages/(core-node|core-web)/' },
      to: { path: '^packages/(api|server|web)/' },
    },
    {
      name: 'platforms-are-siblings',
      severity: 'error',
      from: { path: layer('core-node') },
      to: { path: layer('core-web') },
    },
    {
      name: 'top-layers-are-siblings',
      severity: 'error',
      from: { path: '^packages/(api|server|web)/' },
      to: { path: '^packages/(api|server|web)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'pure-layers-use-no-node-builtins',
      comment: 'crdt and core run in a browser worker too; Node APIs come in through core-node.',
      severity: 'error',
      from: { path: '^packages/(crdt|core)/src/', pathNot: '\\.test\\.ts$|/test-helpers/' },
      to: { dependencyTypes: ['core'] },
    },
    ...webFloorRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
