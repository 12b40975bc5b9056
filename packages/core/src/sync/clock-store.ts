import {
  type Clock,
  Timestamp,
  deserializeClock,
  makeClientId,
  makeClock,
  serializeClock,
} from '@coffer/crdt';
import type { Random, SqliteDatabase } from '../platform/index.ts';
import { LOAD_CLOCK_SQL, SAVE_CLOCK_SQL } from './statements.ts';

export function saveClock(db: SqliteDatabase, clock: Clock): void {
  db.run(SAVE_CLOCK_SQL, [serializeClock(clock)]);
}

/**
 * Read the budget's clock from `messages_clock`. A file without one gets a zero clock with a
 * fresh node id. `resetClock` (a copy made for another device) keeps the time and merkle but
 * takes a new node id, so two devices never stamp with the same node.
 */
export function loadClock(db: SqliteDatabase, random: Random, resetClock = false): Clock {
  const row = db.first<{ clock: string | null }>(LOAD_CLOCK_SQL);
  const nodeId = makeClientId(random.uuid());
  let clock: Clock;
  if (row?.clock == null) {
    clock = makeClock(new Timestamp(0, 0, nodeId));
    saveClock(db, clock);
  } else {
    clock = deserializeClock(row.clock, nodeId);
    if (resetClock) {
      clock.timestamp.setNode(nodeId);
      saveClock(db, clock);
    }
  }
  return clock;
}
