import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/database';
import { DEMO_PASSWORD, seed } from '../../seed';
import { basic } from '../../../test/helper';
import { DEMO_GUARD_PIN } from './patrol.demo';
import { patrolTagHash } from './patrol.routes';

const quiet = { info: () => undefined, warn: () => undefined } as never;
let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await seed(database, { demo: true, log: quiet, adminPassword: 'Chosen.Admin1' });
  app = await buildApp({ database, logLevel: 'silent' });
  const login = await app.inject({
    method: 'GET',
    url: '/api/session',
    headers: { authorization: basic('moduleadmin', DEMO_PASSWORD) },
  });
  token = login.json().session.token;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });

describe('patrol demo data', () => {
  it('fills the archive (a perfect, an imperfect and a too fast patrol) and leaves one patrol in progress', async () => {
    const archive = await get('/api/patrol/instance?inProgress=false&sort=started,asc');
    expect(archive.statusCode).toBe(200);
    const finished = archive.json() as Array<{
      id: number;
      score: number;
      integrity: Array<{ reason: string }>;
    }>;
    expect(finished.map((patrol) => patrol.score)).toEqual([100, 65, 85]);
    expect(finished[1].integrity.map((reason) => reason.reason)).toEqual([
      'OUT_OF_ORDER',
      'DUPLICATE',
      'MISSED',
    ]);
    expect(finished[2].integrity.map((reason) => reason.reason)).toEqual(['TOO_FAST']);
    const incidents = await get(`/api/patrol/instance/${finished[1].id}/incident`);
    expect((incidents.json() as Array<{ report: string }>).map((incident) => incident.report)).toEqual([
      'Otevřené okno ve skladu',
    ]);
    const inProgress = await get('/api/patrol/instance?inProgress=true');
    expect(inProgress.json()).toEqual([expect.objectContaining({ scannedCount: 2, checkpointCount: 4 })]);
  });

  it('signs the demo guard in with the PIN of the README at the demo terminal, once its token is issued', async () => {
    const terminals = await get('/api/patrol/terminal');
    const [terminal] = terminals.json() as Array<{ id: number }>;
    const renewed = await app.inject({
      method: 'POST',
      url: `/api/patrol/terminal/${terminal.id}/token`,
      headers: { 'x-auth-token': token },
    });
    expect(renewed.statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/patrol/terminal/signin',
      headers: { 'x-client-token': renewed.json().token },
      payload: { pin: DEMO_GUARD_PIN },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().guard.name).toBe('Obchůzkový Karel');
    // The tags only as the sign-in's salted hashes (what the terminal compares a scanned tag with).
    const { tagSalt } = signIn.json() as { tagSalt: string };
    expect(
      signIn.json().routes[0].checkpoints.map((checkpoint: { tagHash: string }) => checkpoint.tagHash),
    ).toEqual(['CP-GATE', 'CP-STORE', 'CP-BOILER', 'CP-PARKING'].map((tag) => patrolTagHash(tagSalt, tag)));
  });
});
