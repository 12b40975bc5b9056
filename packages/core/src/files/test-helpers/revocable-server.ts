/**
 * A server that signs in and takes uploads, and whose sync answers 401 (the token was revoked)
 * while `state.revoked` is set: what puts a cloud budget into read-only.
 */
export function revocableServer() {
  const state = { revoked: false };
  const fetch: typeof globalThis.fetch = async (input) => {
    if (String(input).endsWith('/sync/sync') && state.revoked) {
      return new Response(
        JSON.stringify({ status: 'error', reason: 'unauthorized', details: 'token-not-found' }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      );
    }
    return new Response(JSON.stringify({ status: 'ok', data: { token: 't' }, groupId: 'g1' }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { state, fetch };
}
