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
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
