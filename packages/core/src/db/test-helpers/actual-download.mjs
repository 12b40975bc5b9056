// @ts-check
/**
 * `downloadBudget` of the real `@actual-app/api` (6.9 or 26.9), made dependable for tests.
 *
 * Why: for a file new to this device, Actual's download opens the budget, syncs and closes it,
 * then opens it again at once. The first opening saves its metadata.json without waiting (the
 * user id, and the last schedule run on the sync's event), and a file write empties the file
 * before it writes. On a loaded machine the second opening can read that empty file; Actual
 * then falls back to bare prefs (no cloudFileId, no groupId), saves them back, and every later
 * sync gets the server's 'file-not-found'. Seen in 1 of 12 runs with four test files at once.
 *
 * So when the opened budget does not know its server file, download again: the broken copy is
 * left unused in the data folder and the new one gets a folder of its own (or, if the first
 * opening's late write restored the metadata, the local copy is opened and caught up).
 *
 * @param {any} api the loaded `@actual-app/api` module, after `init`
 * @param {string} syncId the budget's group id
 * @param {{ password?: string }} [options]
 * @returns {Promise<string>} the id (folder name) of the opened budget
 */
export async function downloadActualBudget(api, syncId, options = {}) {
  for (let attempt = 1; ; attempt++) {
    await api.downloadBudget(syncId, options);
    const prefs = await api.internal.send('load-prefs');
    if (prefs?.cloudFileId && prefs.groupId === syncId) return prefs.id;
    if (process.env.COFFER_SERVER_LOG)
      console.error(`actual-download: bare prefs, attempt ${attempt}`);
    if (attempt === 3) {
      throw new Error(`Actual's api opened ${syncId} without its server file three times`);
    }
  }
}
