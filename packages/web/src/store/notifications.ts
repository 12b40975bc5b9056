/** The notification list: a pure reducer plus message parsing (paragraphs, links). */

export type NotificationType = 'message' | 'error' | 'warning';

export interface NotificationButton {
  title: string;
  action: () => void | Promise<void>;
}

export interface Notification {
  id: string;
  type: NotificationType;
  title?: string;
  message: string;
  pre?: string;
  sticky?: boolean;
  internal?: string;
  button?: NotificationButton;
  /** Named actions a `[text](#name)` link in the message runs. */
  messageActions?: Record<string, () => void>;
  onClose?: () => void;
}

export const AUTO_DISMISS_MS = 6500;
export const MAX_NOTIFICATION_WIDTH = 550;

export type NotificationAction =
  { type: 'add'; notification: Notification } | { type: 'remove'; id: string };

/**
 * Adding a notification whose id, or whose type, title and message, is already shown replaces it
 * in place (no duplicates).
 */
export function notificationsReducer(
  state: Notification[],
  action: NotificationAction,
): Notification[] {
  switch (action.type) {
    case 'add': {
      const added = action.notification;
      // The same id, or the same words (a failure repeated by each sync): one notification,
      // replaced where it is, rather than a pile over the page.
      let index = state.findIndex((n) => n.id === added.id);
      if (index === -1) {
        index = state.findIndex(
          (n) => n.type === added.type && n.title === added.title && n.message === added.message,
        );
      }
      if (index === -1) return [...state, added];
      const next = state.slice();
      next[index] = added;
      return next;
    }
    case 'remove':
      return state.some((n) => n.id === action.id)
        ? state.filter((n) => n.id !== action.id)
        : state;
  }
}

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'action'; text: string; name: string };

/** Blank lines split paragraphs; `[text](url)` is a link; a `#name` url runs a named action. */
export function parseMessage(message: string): MessagePart[][] {
  return message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const parts: MessagePart[] = [];
      const re = /\[([^\]]+)\]\(([^)\s]+)\)/g;
      let last = 0;
      for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) {
        if (m.index > last) parts.push({ kind: 'text', text: paragraph.slice(last, m.index) });
        const [, text = '', href = ''] = m;
        parts.push(
          href.startsWith('#')
            ? { kind: 'action', text, name: href.slice(1) }
            : { kind: 'link', text, href },
        );
        last = m.index + m[0].length;
      }
      if (last < paragraph.length) parts.push({ kind: 'text', text: paragraph.slice(last) });
      return parts;
    });
}
