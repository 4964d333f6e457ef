declare module 'autocannon' {
  interface Histogram {
    p50: number;
    p90: number;
    p99: number;
    average: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    workers?: number;
  }
  interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
