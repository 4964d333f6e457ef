import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { LogLevel } from '../config';
import { loggableError } from './errors';

/** Query parameters that carry a secret (a reset link's token, a code): masked wherever a URL is logged. */
const SECRET_QUERY = /([?&](?:token|code|password|secret)=)[^&#]*/gi;

export const maskUrl = (url: string): string => url.replace(SECRET_QUERY, '$1***');

/**
 * The server log: Fastify's request lines without secrets in the URL (`/resetPassword?token=…`), and errors
 * without the parameters of a failed query (`loggableError`).
 */
export function loggerOptions(level: LogLevel, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: maskUrl(request.url),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // Callers that already made their error loggable pass the result on as it is.
      err: (error: Error) =>
        (error instanceof Error ? loggableError(error) : error) as {
          type: string;
          message: string;
          stack: string;
        },
    },
  } as FastifyServerOptions['logger'];
}

const CLIENT_ERROR_BODY = JSON.stringify({ code: 'BAD_REQUEST', message: 'Bad request' });

/**
 * A request the HTTP parser cannot read (broken framing, bad header): answered in the error contract's shape
 * instead of Node's or Fastify's own text, then the connection is closed.
 */
export function clientErrorHandler(_error: Error, socket: Socket): void {
  if (!socket.writable) return;
  socket.end(
    [
      'HTTP/1.1 400 Bad Request',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(CLIENT_ERROR_BODY)}`,
      'X-Error-Code: BAD_REQUEST',
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'Connection: close',
      '',
      CLIENT_ERROR_BODY,
    ].join('\r\n'),
  );
}
