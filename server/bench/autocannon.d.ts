declare module 'autocannon' {
  export interface Histogram {
    p50: number;
    p90: number;
    p99: number;
    average: number;
    max: number;
  }
  export interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  /** One request of a sequence each connection goes through in turn (its headers replace `headers`). */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Makes the request from what the connection kept (`context`) just before it is sent. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    /** Called with each answer, before the instance's `response` event of it. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests in all; ends the run instead of `duration`. */
    amount?: number;
    /** GET unless set; with `body`, every request sends it. */
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    requests?: Request[];
    workers?: number;
  }
  export interface Instance extends Promise<Result> {
    /** Ends the run early; the promise then resolves with what was measured. */
    stop(): void;
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
