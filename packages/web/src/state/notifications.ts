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

/** Adding a notification whose id is already shown replaces it in place (no duplicates). */
export function notificationsReducer(
  state: Notification[],
  action: NotificationAction,
): Notification[] {
  switch (action.type) {
    case 'add': {
      const index = state.findIndex((n) => n.id === action.notification.id);
      if (index === -1) return [...state, action.notification];
      const next = state.slice();
      next[index] = action.notification;
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
