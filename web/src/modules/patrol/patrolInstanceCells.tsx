import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../components/crud/fieldWire';
import { durationText, patrolSeconds, scoreColor } from './patrolTimeline';

/** A finished patrol's score as a coloured badge (green 90+, orange 70+, red below); a dash in progress. */
export function ScoreBadge({ score, large }: { score: unknown; large?: boolean }) {
  if (typeof score !== 'number') return <span className="patrol-muted">—</span>;
  return (
    <Tag
      color={scoreColor(score)}
      className={large ? 'patrol-score patrol-score-large' : 'patrol-score'}
      data-testid="patrol-score"
      data-score={score}
    >
      {score}
    </Tag>
  );
}

/** Checkpoints scanned of the route's: "2 / 5" with a small bar. */
export function CheckpointProgress({ record }: { record: Row }) {
  const { t } = useTranslation();
  const scanned = Number(record.scannedCount ?? 0);
  const total = Number(record.checkpointCount ?? 0);
  return (
    <span className="patrol-progress" data-testid="patrol-progress" data-scanned={scanned} data-total={total}>
      <span className="patrol-progress-text">{t('patrolInstance.progress', { scanned, total })}</span>
      <Progress
        percent={total > 0 ? Math.round((100 * Math.min(scanned, total)) / total) : 0}
        showInfo={false}
        size="small"
        className="patrol-progress-bar"
        aria-hidden
      />
    </span>
  );
}

/** How long a finished patrol took ("1 h 5 min"). */
export function DurationCell({ record }: { record: Row }) {
  const { t } = useTranslation();
  const seconds = patrolSeconds(record.started, record.finished);
  return seconds === null ? <span className="patrol-muted">—</span> : <>{durationText(t, seconds)}</>;
}
