/**
 * Loaded into Actual's sync-server (`node --import`) by the bank interop suite. Its Enable
 * Banking base URL is fixed, so requests to it are sent to the local fake named in
 * COFFER_TEST_ENABLEBANKING_URL instead; nothing else changes.
 */
const ENABLE_BANKING = 'https://api.enablebanking.com';
const target = process.env.COFFER_TEST_ENABLEBANKING_URL;

if (target) {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(ENABLE_BANKING)) return original(input, init);
    return original(target + url.slice(ENABLE_BANKING.length), init);
  };
}
