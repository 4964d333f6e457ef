import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { PatrolIntegrityReason, PatrolScan } from '@strazce/contract';
import cs from '../../locales/cs.json';
import en from '../../locales/en.json';
import {
  buildTimeline,
  durationText,
  patrolSeconds,
  pointsText,
  reasonText,
  scoreColor,
  type PatrolIncident,
} from './patrolTimeline';

const texts = { cs, en };
const tOf = (lang: 'cs' | 'en') => {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    resources: { [lang]: { translation: texts[lang] } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.t;
};

const scan = (id: number, time: string, extra: Partial<PatrolScan> = {}): PatrolScan => ({
  id,
  checkpoint: { id: id * 10, name: `CP${id}` },
  tagId: `TAG-${id}`,
  method: 'QR',
  time,
  receivedAt: time,
  routePosition: id,
  outOfOrder: false,
  duplicate: false,
  tooFast: false,
  ...extra,
});

const reason = (value: Partial<PatrolIntegrityReason> & Pick<PatrolIntegrityReason, 'reason'>) =>
  ({
    points: 10,
    checkpoint: null,
    previousCheckpoint: null,
    seconds: null,
    fastestSeconds: null,
    expectedPosition: null,
    position: null,
    time: null,
    ...value,
  }) as PatrolIntegrityReason;

const incident = (id: number, createdDate: string, consequence = 'NORMAL'): PatrolIncident => ({
  id,
  createdDate,
  type: { id: 1, label: 'Door open' },
  consequence,
  report: 'Back door open',
});

describe('buildTimeline', () => {
  const started = '2025-03-01T20:00:00.000Z';
  const finished = '2025-03-01T21:00:00.000Z';

  it('puts start, scans, tasks and incidents in time order, missed checkpoints and undone tasks last, then the finish', () => {
    const items = buildTimeline({
      started,
      finished,
      scans: [scan(2, '2025-03-01T20:20:00.000Z'), scan(1, '2025-03-01T20:10:00.000Z')],
      tasks: [
        { index: 0, text: 'Lock the gate', time: '2025-03-01T20:15:00.000Z' },
        { index: 1, text: 'Check lights', time: null },
      ],
      incidents: [incident(7, '2025-03-01T20:12:00.000Z', 'CRITICAL')],
      integrity: [
        reason({ reason: 'MISSED', points: 20, checkpoint: { id: 30, name: 'Store' }, expectedPosition: 3 }),
        reason({ reason: 'CLOCK_SKEW', seconds: 190 }),
      ],
    });
    expect(items.map((item) => item.key)).toEqual([
      'start',
      'scan:1',
      'incident:7',
      'task:0',
      'scan:2',
      'task:1',
      'missed:30:0',
      'finish',
    ]);
    const missed = items.find((item) => item.kind === 'missed');
    expect(missed).toMatchObject({ checkpoint: 'Store', position: 3, time: null });
  });

  it('keeps the scanning order of scans made at the same moment, and has no finish while in progress', () => {
    const at = '2025-03-01T20:10:00.000Z';
    const items = buildTimeline({
      started,
      finished: null,
      scans: [scan(5, at), scan(3, at, { duplicate: true })],
      tasks: [],
      incidents: [],
      integrity: null,
    });
    expect(items.map((item) => item.key)).toEqual(['start', 'scan:5', 'scan:3']);
  });

  it('marks a scan delivered more than five minutes after it was made as late', () => {
    const items = buildTimeline({
      started,
      finished,
      scans: [
        scan(1, '2025-03-01T20:10:00.000Z', { receivedAt: '2025-03-01T20:16:00.000Z' }),
        scan(2, '2025-03-01T20:20:00.000Z', { receivedAt: '2025-03-01T20:21:00.000Z' }),
      ],
      tasks: [],
      incidents: [],
      integrity: [],
    });
    expect(items.filter((item) => item.kind === 'scan').map((item) => item.late)).toEqual([true, false]);
  });
});

describe('score, points and durations', () => {
  it('colours 90 and more green, 70 and more orange, less red', () => {
    expect([100, 90, 89, 70, 69, 0].map(scoreColor)).toEqual([
      'green',
      'green',
      'orange',
      'orange',
      'red',
      'red',
    ]);
  });

  it('writes lost points with a minus sign', () => {
    expect(pointsText(20)).toBe('\u221220');
  });

  it('measures a patrol from its start to its finish', () => {
    expect(patrolSeconds('2025-03-01T20:00:00.000Z', '2025-03-01T21:05:10.000Z')).toBe(3910);
    expect(patrolSeconds('2025-03-01T20:00:00.000Z', null)).toBeNull();
  });

  it('says durations in seconds, minutes and hours', () => {
    const t = tOf('en');
    expect(durationText(t, 40)).toBe('40 s');
    expect(durationText(t, 190)).toBe('3 min 10 s');
    expect(durationText(t, -190)).toBe('3 min 10 s');
    expect(durationText(t, 3910)).toBe('1 h 5 min');
    expect(durationText(t, 1080)).toBe('18 min');
  });
});

describe('reasonText', () => {
  const reasons = [
    reason({ reason: 'MISSED', points: 20, checkpoint: { id: 3, name: 'Store' } }),
    reason({
      reason: 'OUT_OF_ORDER',
      checkpoint: { id: 1, name: 'Gate' },
      expectedPosition: 2,
      position: 1,
    }),
    reason({ reason: 'DUPLICATE', points: 5, checkpoint: { id: 1, name: 'Gate' } }),
    reason({
      reason: 'TOO_FAST',
      points: 15,
      checkpoint: { id: 3, name: 'Store' },
      previousCheckpoint: { id: 1, name: 'Gate' },
      seconds: 40,
      fastestSeconds: 95,
    }),
    reason({ reason: 'CLOCK_SKEW', seconds: 190 }),
    reason({ reason: 'CLOCK_SKEW', seconds: -75 }),
  ];

  it('says each reason in English', () => {
    const t = tOf('en');
    expect(reasons.map((item) => reasonText(t, item))).toEqual([
      "Checkpoint 'Store' was missed",
      "'Gate' scanned out of order (position 2 on the route, scanned as number 1)",
      "'Gate' was scanned again",
      "'Store' reached 40 s after 'Gate'; the fastest before was 1 min 35 s",
      "The device's clock was 3 min 10 s ahead of the server's",
      "The device's clock was 1 min 15 s behind the server's",
    ]);
  });

  it('says each reason in Czech', () => {
    const t = tOf('cs');
    expect(reasons.map((item) => reasonText(t, item))).toEqual([
      'Kontrolní bod „Store“ byl vynechán',
      '„Gate“ načten mimo pořadí (na trase 2., načten jako 1.)',
      '„Gate“ načten opakovaně',
      '„Store“ dosažen 40 s po „Gate“; dosud nejrychleji za 1 min 35 s',
      'Hodiny zařízení se oproti serveru předcházely o 3 min 10 s',
      'Hodiny zařízení se oproti serveru zpožďovaly o 1 min 15 s',
    ]);
  });
});
