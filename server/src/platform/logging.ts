import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { loggableError } from './errors';

/** The start's last log line (main.ts): the server listens and its data is there. */
export const readyMessage = (ms: number): string => `ready ${ms} ms after the start`;

/** That line in the JSON log, for whoever waits for a server it started (tests, benches). */
export const READY_LINE = /"ready \d+ ms after the start"/;

/** Query parameters that carry a secret (a reset link's token, a code): masked wherever a URL is logged. */
const SECRET_QUERY = /([?&](?:token|code|password|secret)=)[^&#]*/gi;

export const maskUrl = (url: string): string => url.replace(SECRET_QUERY, '$1***');

/**
 * A URL as the log shows it: the path, and of the query only its keys; values are masked like secrets (a
 * search may name a person, a reset link carries its token).
 */
export const requestUrl = (url: string): string => url.replace(/([?&][^=&#]*=)[^&#]*/g, '$1***');

/** At which level each answered request is logged (`LOG_REQUESTS`); `off`: none (errors always are). */
export const REQUEST_LOG_LEVELS = ['off', 'info', 'debug', 'trace'] as const;
/** The server log's level (`LOG_LEVEL`). */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type RequestLogLevel = (typeof REQUEST_LOG_LEVELS)[number];

/**
 * Fastify's request lines as the operator chose (`LOG_REQUESTS`, default `debug`): one line per answered
 * request (method, URL without query values, route pattern, status, time, request id) at that level, none
 * when a request comes in; failures at `error` as before. Routes with a `logLevel` of their own (health,
 * metrics: `warn`) are not logged below it.
 */
export class RequestLogController extends LogController {
  constructor(private readonly level: RequestLogLevel) {
    super();
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (this.level === 'off') return;
    reply.log[this.level](
      {
        req: request,
        route: request.routeOptions.url,
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * The request's id: the `X-Request-Id` a proxy in front set (Caddy, a load balancer) when it looks like one,
 * else a new UUID. It is in every log line of the request, in the reply's `X-Request-Id` and in its audit
 * entry, so one id follows a request through proxy, server log and audit.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every reply names its request's id (`X-Request-Id`). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

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
        url: requestUrl(request.url),
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

/** What of the standard output the server log writes to (a test passes a stand-in). */
export interface LogOutput {
  write(chunk: string): boolean;
  readonly writableLength: number;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/** The server log's destination (`stdoutLog`). */
export interface LogDestination extends DestinationStream {
  /** Lines not written: the reader had gone, or lagged more than the destination keeps. */
  readonly dropped: number;
  /** Resolves once what was logged has been handed to the reader, or after `timeoutMs`, whichever comes first. */
  drained(timeoutMs: number): Promise<void>;
}

/**
 * The server log on standard output, never in the way of a stop (issue 37, point 5). pino's own destination
 * writes a pipe from the thread pool and, at exit, flushes it synchronously: a reader that went away (EPIPE)
 * made that flush retry for ever, a reader that stopped reading left a pool thread in `write` that the exit
 * waits for. This one writes through Node's standard output, which for a pipe or socket never blocks the
 * event loop (what the reader has not taken yet waits in memory, at most `maxPendingBytes`, beyond which
 * lines are dropped and counted); a reader that has gone ends the logging, not the server; the stop waits
 * for the last lines at most a bounded time (`drained`). A file is written synchronously, as Node does.
 */
export function stdoutLog(
  output: LogOutput = process.stdout,
  maxPendingBytes = 16 * 1024 * 1024,
): LogDestination {
  let gone = false;
  let dropped = 0;
  // EPIPE, ECONNRESET, …: nobody reads any more; the server goes on without its log.
  output.on('error', () => {
    gone = true;
  });
  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      if (gone || output.writableLength > maxPendingBytes) {
        dropped += 1;
        return;
      }
      output.write(line);
    },
    drained(timeoutMs) {
      if (gone || output.writableLength === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          output.removeListener('drain', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        output.once('drain', done);
      });
    },
  };
}
