import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTransportFor, httpSmsProvider, smsProviderFor } from './transports';

let server: Server;
let url: string;
const received: Array<{ authorization?: string; body: unknown }> = [];
let answer = 200;

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({ authorization: request.headers.authorization, body: JSON.parse(await bodyOf(request)) });
    response.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the HTTP SMS provider (SMS_URL)', () => {
  it('posts the number and the text with the bearer token; a 2xx is a delivery', async () => {
    const provider = httpSmsProvider({ url, token: 'secret', timeoutMs: 2000 });
    await provider.send({ to: '+420602000001', text: 'PIN 123456' });
    expect(received.at(-1)).toEqual({
      authorization: 'Bearer secret',
      body: { to: '+420602000001', text: 'PIN 123456' },
    });
  });

  it('fails the attempt on another answer, so that the outbox retries', async () => {
    answer = 503;
    await expect(
      httpSmsProvider({ url, timeoutMs: 2000 }).send({ to: '+420602000001', text: 'x' }),
    ).rejects.toThrow('503');
    answer = 200;
    expect(received.at(-1)?.authorization).toBeUndefined();
  });

  it('is chosen only when SMS_URL is set; none otherwise (never a pretended delivery)', () => {
    expect(smsProviderFor({ url, timeoutMs: 1000 }).kind).toBe('http');
    expect(smsProviderFor({ timeoutMs: 1000 }).kind).toBe('none');
  });

  it('e-mail: SMTP, else the pickup directory, else none', () => {
    const from = 'Strážce <noreply@example.com>';
    expect(emailTransportFor({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: from }).kind).toBe('smtp');
    expect(emailTransportFor({ mailFrom: from, mailDir: '/tmp/mail' }).kind).toBe('directory');
    expect(emailTransportFor({ mailFrom: from }).kind).toBe('none');
  });
});

describe('an SMTP server that stops answering (SMTP_TIMEOUT_MS)', () => {
  it('fails the attempt within the time-out instead of holding the outbox', async () => {
    // Greets, then never answers a command: nodemailer's own socket time-out would be ten minutes.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => {
      sockets.push(socket);
      socket.write('220 hanging.example.com ESMTP\r\n');
      socket.on('data', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const transport = emailTransportFor({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        smtpTimeoutMs: 300,
        mailFrom: 'Strážce <noreply@example.com>',
      });
      const attempt = transport.send({ to: 'someone@example.com', subject: 'x', text: 'y' });
      await expect(attempt).rejects.toThrow(/timeout/i);
      expect(sockets.length).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
