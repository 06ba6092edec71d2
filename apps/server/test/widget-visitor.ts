import WebSocket from 'ws';

export type Frame = Record<string, unknown>;

/**
 * A web visitor on a client's chat widget, through the server listening on `port` (demo tenant): `say` sends a text;
 * `next` waits for the first frame that matches (frames already received count). Resolves once the widget said hello.
 */
export async function widgetVisitor(port: number, clientCode: string, id: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/service/widget/demo/${clientCode}/socket?visitor=${id}`);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d) => {
    frames.push(JSON.parse(String(d)) as Frame);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (match: (f: Frame) => boolean) => {
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  await next((f) => f.type === 'hello');
  return { ws, frames, next, say: (text: string) => ws.send(JSON.stringify({ type: 'message', text })) };
}

export type WidgetVisitor = Awaited<ReturnType<typeof widgetVisitor>>;
