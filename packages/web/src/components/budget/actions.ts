/**
 * Calling the core from the budget page: every budget action, category change and template
 * run goes through `run`, which turns a refusal into a notification with the core's text.
 */
import type { NavigateFunction } from 'react-router';
import type { AppStore } from '../../store/store.ts';
import {
  type AnswerOf,
  type HandlerName,
  type SendArgs,
  answerOf,
  failureOf,
} from '../../backend/backend.ts';

/** The core's text for an expected failure, or a generic one. */
export function failureText(result: unknown): string | null {
  const error = failureOf(result);
  if (!error) return null;
  return error.message ?? 'Something bad happened, sorry!';
}

/** Sends one handler; a refusal is shown as an error notification and gives null. */
export async function run<K extends HandlerName>(
  store: AppStore,
  name: K,
  ...args: SendArgs<K>
): Promise<AnswerOf<K> | null> {
  const result = await store.backend.send(name, ...args);
  const text = failureText(result);
  if (text) {
    store.addNotification({ type: 'error', message: text });
    return null;
  }
  return answerOf(result);
}

interface TemplateNotice {
  type: 'message' | 'error';
  message: string;
  pre?: string;
  sticky?: boolean;
}

function isNotice(value: unknown): value is TemplateNotice {
  return Boolean(value && typeof value === 'object' && 'message' in value && 'type' in value);
}

/**
 * The goal-template actions answer with what they did, or with the lines they could not read
 * (the engine's 'name, line N: …' blocks in `pre`); both are shown as a notification.
 */
export async function runTemplates<K extends HandlerName>(
  store: AppStore,
  name: K,
  ...args: SendArgs<K>
): Promise<void> {
  const result = await run(store, name, ...args);
  if (isNotice(result)) {
    store.addNotification({
      type: result.type,
      message: result.message,
      pre: result.pre,
      sticky: result.sticky ?? result.type === 'error',
    });
  }
}

/** Opens the register on this category's transactions of one month (CONTRACTS.md). */
export function showTransactions(navigate: NavigateFunction, categoryId: string, month: string) {
  navigate('/accounts', {
    state: {
      filter: {
        conditions: [
          { field: 'category', op: 'is', value: categoryId, type: 'id' },
          { field: 'date', op: 'is', value: month, options: { month: true }, type: 'date' },
        ],
        conditionsOp: 'and',
      },
    },
  });
}
