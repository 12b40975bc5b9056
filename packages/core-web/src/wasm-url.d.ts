/** Vite's `?url` import of a file (SQLite's wasm): its URL in the built app. */
declare module '*.wasm?url' {
  const url: string;
  export default url;
}
