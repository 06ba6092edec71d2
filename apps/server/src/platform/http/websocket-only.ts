import { AppError } from '../errors/app-error.ts';

/**
 * The HTTP side of a WebSocket route: a plain request (no upgrade) gets the catalogued `websocket_required` instead of
 * the plugin's bare 404, so every answer of the API keeps the error shape.
 */
export function websocketOnly(): never {
  throw new AppError('websocket_required');
}
