import { useEffect, useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import {
  AUTO_DISMISS_MS,
  MAX_NOTIFICATION_WIDTH,
  type Notification,
  parseMessage,
} from '../../store/notifications.ts';
import { Spinner } from '../kit/ui/Spinner.tsx';
import './notifications.css';
import { Button } from '../kit/ui/Button.tsx';

function Message({ n }: { n: Notification }) {
  return (
    <>
      {parseMessage(n.message).map((paragraph, i) => (
        <p key={i}>
          {paragraph.map((part, j) =>
            part.kind === 'text' ? (
              <span key={j}>{part.text}</span>
            ) : part.kind === 'link' ? (
              <a key={j} href={part.href} target="_blank" rel="noopener noreferrer">
                {part.text}
              </a>
            ) : (
              <Button key={j} variant="link" onClick={() => n.messageActions?.[part.name]?.()}>
                {part.text}
              </Button>
            ),
          )}
        </p>
      ))}
    </>
  );
}

function NotificationItem({ n, onRemove }: { n: Notification; onRemove: () => void }) {
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (n.sticky) return;
    const timer = setTimeout(onRemove, AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [n, onRemove]);

  return (
    <div
      className={`notification notification-${n.type}`}
      role={n.type === 'error' ? 'alert' : 'status'}
      style={{ maxWidth: MAX_NOTIFICATION_WIDTH }}
    >
      <div className="notification-content">
        {n.title && <div className="notification-title">{n.title}</div>}
        <Message n={n} />
        {n.pre && <pre className="notification-pre">{n.pre}</pre>}
        {n.internal && <pre className="notification-pre">{n.internal}</pre>}
        {n.button && (
          <Button
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await n.button?.action();
              } finally {
                onRemove();
              }
            }}
          >
            {busy ? <Spinner small label={n.button.title} /> : n.button.title}
          </Button>
        )}
      </div>
      {n.sticky && (
        <Button variant="bare" className="notification-close" aria-label="Close" onClick={onRemove}>
          ✕
        </Button>
      )}
    </div>
  );
}

export function Notifications() {
  const store = useStore();
  const notifications = useAppState((s) => s.notifications);
  return (
    <div className="notifications" aria-live="polite">
      {notifications.map((n) => (
        <NotificationItem
          key={n.id}
          n={n}
          onRemove={() => {
            n.onClose?.();
            store.removeNotification(n.id);
          }}
        />
      ))}
    </div>
  );
}
