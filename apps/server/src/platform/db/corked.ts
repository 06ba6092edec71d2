import type { Socket } from 'node:net';
import type pg from 'pg';

/**
 * Holds back what is written to the connection until this turn of the event loop has queued its messages, so that a
 * transaction's BEGIN + set_config and its first query leave in one socket write: each write is a system call that
 * also wakes PostgreSQL, and the separate writes were a third of a list request's CPU. The returned function sends
 * at once (call it before releasing the connection); it also runs on the next turn by itself, so nothing waits longer.
 */
export function holdWrites(client: pg.PoolClient): () => void {
  const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  socket.cork();
  let held = true;
  const send = () => {
    if (!held) return;
    held = false;
    clearImmediate(timer);
    socket.uncork();
  };
  const timer = setImmediate(send);
  return send;
}
