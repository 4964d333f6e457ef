import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider for the tests (npm `oidc-provider`), in this process on a free port of the loopback:
 * one confidential client, test accounts with groups and `amr`, and a minimal login form (`/interaction/<uid>`,
 * fields `login` and `password`) instead of the library's development pages. Consent is implied for the client.
 */
export interface TestAccount {
  /** The account's id (`sub`) and `preferred_username`. */
  login: string;
  password: string;
  email?: string;
  groups?: string[];
  /** What the ID token's `amr` says of this account's sign-in (e.g. `['pwd', 'mfa']`). */
  amr?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  addAccount(account: TestAccount): void;
  /** Stops answering (connections are refused) until `resume`. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export const OIDC_CLIENT_ID = 'strazce-test';
export const OIDC_CLIENT_SECRET = 'strazce-test-secret-0123456789abcdef';
export const OIDC_ACCOUNT_PASSWORD = 'Provider-Pass-1';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider; `redirectUris` are the product's callback addresses it accepts. */
export async function startOidcProvider(redirectUris: string[], port = 0): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  let server: http.Server | null = null;
  let listening = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = http.createServer((request, response) => void handle(request, response));
      next.once('error', reject);
      next.listen(listening, '127.0.0.1', () => {
        listening = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await listen();
  const issuer = `http://127.0.0.1:${listening}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // The claims the product reads come in the ID token itself.
    conformIdTokenClaims: false,
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      // How the user signed in (RFC 8176) in every ID token: the product trusts `mfa` of some issuers.
      openid: ['sub', 'amr'],
      profile: ['preferred_username', 'name'],
      email: ['email'],
      groups: ['groups'],
    },
    scopes: ['openid', 'profile', 'email', 'groups'],
    cookies: { keys: ['strazce-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          preferred_username: account.login,
          name: account.login,
          ...(account.email ? { email: account.email } : {}),
          groups: account.groups ?? [],
        }),
      };
    },
    // The product is the provider's own client: consent is implied for what it asks.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId });
      grant.addOIDCScope('openid profile email groups');
      grant.addOIDCClaims(['preferred_username', 'name', 'email', 'groups']);
      await grant.save();
      return grant;
    },
    ttl: {
      Session: 600,
      Interaction: 600,
      Grant: 600,
      AuthorizationCode: 60,
      IdToken: 300,
      AccessToken: 300,
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    const form = (error?: string) => {
      response.writeHead(error ? 401 : 200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html><body><h1>Test identity provider</h1>` +
          (error ? `<p id="error">${escapeHtml(error)}</p>` : '') +
          `<form method="post" action="/interaction/${escapeHtml(details.uid)}">` +
          `<label>Login <input name="login" id="login"></label>` +
          `<label>Password <input name="password" id="password" type="password"></label>` +
          `<button type="submit" id="submit">Sign in</button></form></body></html>`,
      );
    };
    if (request.method !== 'POST') return form();
    const body = await formBody(request);
    const account = accounts.get(body.get('login') ?? '');
    if (!account || account.password !== body.get('password')) return form('Invalid login');
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.login, amr: account.amr ?? ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    try {
      if (request.url?.startsWith('/interaction/')) await interaction(request, response);
      else callback(request, response);
    } catch (error) {
      response.writeHead(500);
      response.end(String(error));
    }
  }

  const close = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = null;
      if (!running) return resolve();
      running.closeAllConnections();
      running.close(() => resolve());
    });

  return {
    issuer,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    addAccount: (account) => accounts.set(account.login, account),
    pause: close,
    resume: listen,
    stop: close,
  };
}
