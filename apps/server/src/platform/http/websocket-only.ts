import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../errors/app-error.ts';

/**
 * The HTTP side of a WebSocket route: a plain request (no upgrade) gets the catalogued `websocket_required` instead of
 * the plugin's bare 404, so every answer of the API keeps the error shape.
 */
export function websocketOnly(): never {
  throw new AppError('websocket_required');
}

/**
 * Errors of an open socket. A frame the protocol refuses (over maxPayload, malformed: ws's `WS_ERR_*` codes) is the
 * client's doing: it is logged as a refused frame, without a stack, and ws has already begun the closing handshake
 * with the matching code (1009 for a frame too large). Anything else is the server's: logged as an error, the socket
 * dropped (the plugin's own handling).
 */
export function websocketErrors(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn({ code, reason: error.message, route: request.routeOptions.url }, 'websocket frame refused');
    return;
  }
  request.log.error({ err: error }, 'websocket failed');
  socket.terminate();
}
