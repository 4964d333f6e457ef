import { describe, expect, it } from 'vitest';
import { patrolTerminalEventSchema } from '@strazce/contract';
import { createHash } from 'node:crypto';
import {
  checkpointOfTag,
  checkpointStates,
  newEvent,
  tagHash,
  type RoundScan,
  type TerminalRoute,
} from './round';

const SALT = 'c2FsdC1vZi10aGUtc2lnbi1pbg';
/** The server's hash of a tag (patrol.routes.ts `patrolTagHash`): SHA-256 of `salt:tag` trimmed, lower case. */
const serverHash = (tag: string) =>
  createHash('sha256').update(`${SALT}:${tag.trim().toLowerCase()}`).digest('hex');

const route = (ordered: boolean): TerminalRoute => ({
  id: 1,
  name: 'Perimeter',
  ordered,
  description: null,
  checkpoints: ['A', 'B', 'C', 'D'].map((tag, index) => ({
    id: index + 1,
    name: `Gate ${tag}`,
    tagHash: serverHash(`TAG-${tag}`),
    description: null,
  })),
  tasks: [],
});

const scans = (...checkpoints: (number | null)[]): RoundScan[] =>
  checkpoints.map((checkpoint, index) => ({
    id: String(index),
    tagId: 'x',
    method: 'TYPED',
    time: '2026-03-11T06:00:00.000Z',
    checkpoint,
  }));

describe('checkpointStates', () => {
  it('starts with the first checkpoint next', () => {
    expect(checkpointStates({ route: route(true), scans: [] })).toEqual([
      'next',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('on an ordered route, marks the checkpoints passed over as missed and the one after the furthest as next', () => {
    expect(checkpointStates({ route: route(true), scans: scans(1, 3) })).toEqual([
      'scanned',
      'missed',
      'scanned',
      'next',
    ]);
  });

  it('on a free route, misses nothing: the next is the first not scanned', () => {
    expect(checkpointStates({ route: route(false), scans: scans(3, null) })).toEqual([
      'next',
      'pending',
      'scanned',
      'pending',
    ]);
  });

  it('has no next once all are scanned', () => {
    expect(checkpointStates({ route: route(true), scans: scans(1, 2, 3, 4) })).toEqual(
      Array(4).fill('scanned'),
    );
  });
});

describe('checkpointOfTag', () => {
  it('finds the checkpoint of a tag by its salted hash regardless of case and spaces, and nothing for a foreign tag', async () => {
    expect((await checkpointOfTag(route(true), SALT, ' tag-b '))?.id).toBe(2);
    expect(await checkpointOfTag(route(true), SALT, 'TAG-Z')).toBeNull();
    // Another sign-in's salt recognises nothing.
    expect(await checkpointOfTag(route(true), 'another-salt', 'TAG-B')).toBeNull();
  });

  it('hashes a tag with the salt as the server does (Web Crypto SHA-256, hex)', async () => {
    expect(await tagHash(SALT, ' Tag-C ')).toBe(serverHash('TAG-C'));
  });
});

describe('newEvent', () => {
  it('makes events of the wire contract', () => {
    const patrol = crypto.randomUUID();
    const events = [
      newEvent(patrol, 'start', { route: 1, guard: 2, signIn: 'proof-of-the-sign-in' }),
      newEvent(patrol, 'scan', { tagId: 'TAG-A', method: 'NFC' }),
      newEvent(patrol, 'task', { index: 0 }),
      newEvent(patrol, 'incident', {
        incidentType: 3,
        consequence: 'CRITICAL',
        report: 'Broken window',
        description: null,
        checkpoint: 1,
      }),
      newEvent(patrol, 'finish', {}),
    ];
    for (const event of events) expect(patrolTerminalEventSchema.parse(event)).toEqual(event);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });
});
