import { describe, expect, it } from 'vitest';
import { patrolTerminalEventSchema } from '@strazce/contract';
import { checkpointOfTag, checkpointStates, newEvent, type RoundScan, type TerminalRoute } from './round';

const route = (ordered: boolean): TerminalRoute => ({
  id: 1,
  name: 'Perimeter',
  ordered,
  description: null,
  checkpoints: ['A', 'B', 'C', 'D'].map((tag, index) => ({
    id: index + 1,
    name: `Gate ${tag}`,
    tagId: `TAG-${tag}`,
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
  it('finds the checkpoint of a tag regardless of case and spaces, and nothing for a foreign tag', () => {
    expect(checkpointOfTag(route(true), ' tag-b ')?.id).toBe(2);
    expect(checkpointOfTag(route(true), 'TAG-Z')).toBeNull();
  });
});

describe('newEvent', () => {
  it('makes events of the wire contract', () => {
    const patrol = crypto.randomUUID();
    const events = [
      newEvent(patrol, 'start', { route: 1, guard: 2 }),
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
