import { useEffect, useRef } from 'react';
import { Empty, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogisticsBoard } from '@strazce/contract';
import { formatShortTime } from '../../lib/format';
import { dayPosition, hourMarks, timelineRows, type BoardTransport } from './boardModel';
import { refLabel } from './transportCells';

const LANE_HEIGHT = 24;

/**
 * The ramp timeline of the day: per ramp a track of the day (hour marks every two hours), each transport's time
 * at the ramp a bar of its status's colour (still there: open at its end), and a line at the time now.
 */
export function RampTimeline({
  board,
  start,
  end,
  now,
}: {
  board: LogisticsBoard;
  /** The day's start and end, epoch milliseconds (the site's day). */
  start: number;
  end: number;
  now: number;
}) {
  const { t } = useTranslation();
  const rows = timelineRows(board, start, end);
  const marks = hourMarks(start, end);
  const transports = new Map(
    (board.transports as BoardTransport[]).map((transport) => [transport.id, transport]),
  );
  const colors = new Map(board.statuses.map((status) => [status.id, status.color]));
  const nowLeft = now >= start && now < end ? dayPosition(now, start, end) : null;
  const scroller = useRef<HTMLDivElement>(null);
  const shown = nowLeft !== null;
  // A narrow screen scrolls the day: it opens at the time now, the last hours before it in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !shown || element.scrollWidth <= element.clientWidth) return;
    element.scrollLeft = (element.scrollWidth * (nowLeft ?? 0)) / 100 - element.clientWidth * 0.7;
    // Once, when the timeline shows: later the user's scrolling stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logistics.board.noRamps')} />;
  return (
    <div className="logistics-timeline" data-testid="logistics-timeline" ref={scroller}>
      <div className="logistics-timeline-inner">
        <div className="logistics-timeline-row logistics-timeline-scale">
          <div className="logistics-timeline-label" />
          <div className="logistics-timeline-track">
            {marks.map((mark) => (
              <span key={mark.hour} className="logistics-timeline-mark" style={{ left: `${mark.left}%` }}>
                {String(mark.hour).padStart(2, '0')}
              </span>
            ))}
          </div>
        </div>
        {rows.map((row) => (
          <div
            key={row.ramp.id}
            className="logistics-timeline-row"
            data-testid="logistics-timeline-ramp"
            data-ramp={row.ramp.label}
          >
            <Typography.Text className="logistics-timeline-label" ellipsis={{ tooltip: row.ramp.label }}>
              {row.ramp.label}
            </Typography.Text>
            <div className="logistics-timeline-track" style={{ height: row.lanes * LANE_HEIGHT + 6 }}>
              {marks.map((mark) => (
                <span key={mark.hour} className="logistics-timeline-grid" style={{ left: `${mark.left}%` }} />
              ))}
              {row.bars.map((bar) => {
                const transport = transports.get(bar.transport);
                const status = (transport?.status as { id?: number } | null)?.id;
                const plate = String(transport?.licencePlate ?? `#${bar.transport}`);
                return (
                  <Tooltip
                    key={`${bar.transport}-${bar.from}`}
                    title={`${plate} · ${refLabel(transport?.supplier)} ${formatShortTime(bar.from)}–${bar.open ? '' : formatShortTime(bar.to)}`}
                  >
                    <div
                      className={`logistics-timeline-bar${bar.open ? ' logistics-timeline-open' : ''}`}
                      data-testid="logistics-timeline-bar"
                      data-transport-id={bar.transport}
                      style={{
                        left: `${bar.left}%`,
                        width: `${bar.width}%`,
                        top: bar.lane * LANE_HEIGHT + 3,
                        background: (status !== undefined && colors.get(status)) || undefined,
                      }}
                    >
                      {plate}
                    </div>
                  </Tooltip>
                );
              })}
              {nowLeft !== null && (
                <span className="logistics-timeline-now" style={{ left: `${nowLeft}%` }} />
              )}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
