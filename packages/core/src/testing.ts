/**
 * Test helpers other packages' tests use (a real app core over real SQLite, parser fixtures).
 * Never imported by shipped code.
 */
export { openAppCore } from './transactions/test-helpers/app-core.ts';
export { fixtureBytes } from './importers/parse/test-helpers/fixtures.ts';
export { parseFile } from './importers/parse/index.ts';
