import pg from 'pg';

export interface Listener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  /**
   * Resolves once every notification committed before the call has been handled: PostgreSQL sends a listening
   * session its pending notifications before it answers the session's next query.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  channel: string;
  onNotify: (payload: string) => void;
  /** Called after every (re)connection: notifications sent while there was none are lost. */
  onConnect: () => void;
  /** Called when the connection is lost, before it is made again. */
  onDisconnect?: () => void;
  onError?: (err: unknown) => void;
  retryMs?: number;
}

/**
 * One dedicated connection LISTENing on `channel` (LISTEN needs a session of its own; a pooled connection would be
 * handed to other work). A lost connection is made again after `retryMs`, and `onConnect` tells the caller that it
 * may have missed notifications in between.
 */
export function listen(config: pg.ClientConfig, options: ListenOptions): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let firstReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    firstReady = resolve;
  });

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ ...config, application_name: 'nusa-listen' });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === options.channel) options.onNotify(msg.payload ?? '');
    });
    c.on('error', (err) => {
      options.onError?.(err);
      reconnect(c);
    });
    c.on('end', () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
      options.onConnect();
      firstReady();
    } catch (err) {
      options.onError?.(err);
      reconnect(c);
    }
  };
  const reconnect = (c: pg.Client) => {
    if (closed || client !== c || retry) return;
    client = undefined;
    options.onDisconnect?.();
    void c.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, options.retryMs ?? 1000);
  };

  void connect();
  return {
    ready,
    sync: async () => {
      await client?.query('SELECT 1').catch(() => {});
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      firstReady();
      await client?.end().catch(() => {});
    },
  };
}
