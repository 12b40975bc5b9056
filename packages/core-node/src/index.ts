export { createNodeSqliteDriver } from './sqlite.ts';
export { createNodeFileSystem } from './fs.ts';
export { createNodePlatform } from './platform.ts';
export type { NodePlatform, NodePlatformOptions } from './platform.ts';
