export { createBankHeldModule, type BankScheduleStatus } from './handlers.ts';
export { importHeld, scheduledLinks, type HeldImport, type HeldServer } from './held.ts';
