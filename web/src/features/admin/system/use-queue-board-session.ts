import { useEffect } from 'react';
import { readToken } from '@/features/session/session';

/** Well inside the board token's 15 minutes (server/src/admin/queue-board.rest.ts). */
const RENEW_MS = 5 * 60_000;

/**
 * Opens the queue board's session while the System page is shown, and renews it: the link to
 * /admin/queues is a plain navigation, which cannot carry the bearer header, so the server puts a
 * board-only token in a cookie scoped to that path. Best effort: the board says 401 otherwise.
 */
export function useQueueBoardSession() {
  useEffect(() => {
    const open = () => {
      const token = readToken();
      if (!token) return;
      void fetch('/admin/queues/session', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        credentials: 'same-origin',
      }).catch(() => undefined);
    };
    open();
    const timer = window.setInterval(open, RENEW_MS);
    return () => window.clearInterval(timer);
  }, []);
}
