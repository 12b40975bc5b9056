// ---- data layer: platform, schema, write path, undo, handler framework (packages/core data layer) ----
export type * from './platform/index.ts';
// ---- end data layer ----
