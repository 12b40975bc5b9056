import { createAccount } from '../accounts/create.ts';
import { handlerError } from '../handlers-core/errors.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import { LINK_FAILED } from './errors.ts';
import { type BankProvider, SYNC_SOURCE } from './proxy.ts';
import type { BankSyncParts } from './parts.ts';

export interface ExternalLink {
  provider: BankProvider;
  /** The `banks.bank_id` of the link: SimpleFIN's organisation, Enable Banking's account. */
  bankId: string;
  institution: string | null | undefined;
  accountId: string;
  name: string | null | undefined;
  upgradingId: string | null | undefined;
  offBudget: boolean | null | undefined;
}

/**
 * Link a provider's account to a new account (named as the bank names it) or to an existing
 * one (which keeps its name and budget side), record the provider where Actual keeps it, and
 * sync it at once; the caller is an undoable mutator, so link and sync are one undo step.
 */
export async function linkExternalAccount(
  ctx: HandlerContext,
  parts: BankSyncParts,
  link: ExternalLink,
) {
  const budget = ctx.requireBudget();
  const { upgradingId } = link;
  if (upgradingId && !budget.sqlite.first('SELECT id FROM accounts WHERE id = ?', [upgradingId])) {
    return handlerError('invalid-account', LINK_FAILED);
  }
  const id = budget.db.batch(() => {
    const bank = parts.bankRow(ctx, link.bankId, link.institution ?? 'Bank');
    const target =
      upgradingId ??
      createAccount(budget, { name: link.name ?? 'Bank', offBudget: link.offBudget ?? false });
    budget.db.update('accounts', {
      id: target,
      account_id: link.accountId,
      bank,
      account_sync_source: SYNC_SOURCE[link.provider],
      ...(upgradingId ? {} : { official_name: link.name ?? null }),
    });
    return target;
  });
  await parts.runSync(ctx, [id]);
  parts.announce(ctx);
  return 'ok' as const;
}
