/** Layer rules: crdt -> core -> platforms (core-node, core-web) -> api/server/web. */
const layer = (name) => `^packages/${name}/`;
module.exports = {
  forbidden: [
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
