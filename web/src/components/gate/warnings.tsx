import { useEffect, useState } from 'react';
import { StopOutlined } from '@ant-design/icons';
import { Alert, Checkbox, Tag, Typography, type ButtonProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  BLACKLIST_MARKERS,
  type BlacklistHit,
  type BlacklistMarker,
  type ErrorDetail,
} from '@strazce/contract';
import { ApiError } from '../../lib/api';
import type { Row } from '../crud/fieldWire';
import { Masked, isBlacklisted, isMasked } from './visitCells';

/** The entry warnings the server answers with 409 and lets the guard override. */
export const WARNING_CODES = ['ALREADY_IN_AREA', 'BLACKLIST_HIT'] as const;

export function isEntryWarning(error: unknown): error is ApiError {
  return error instanceof ApiError && (WARNING_CODES as readonly (string | null)[]).includes(error.code);
}

/** What the guard confirmed: the person already in the area (`force`) and each blacklist hit by its list. */
export interface EntryConfirmation {
  force: boolean;
  blacklistAcknowledged: BlacklistMarker[];
}

const isVehicleHit = (hit: BlacklistHit) =>
  hit.list === 'blacklistInternalVehicle' || hit.list === 'blacklistGovernmentVehicle';

/** The sentence the guard ticks for one hit: who, which list and why. */
export function acknowledgementText(t: TFunction, hit: BlacklistHit, visitorName: string): string {
  const values = {
    list: t(`visits.blacklist.${hit.list}`),
    reason: hit.reason ?? t('visits.blacklist.noReason'),
  };
  if (!isVehicleHit(hit)) return t('visits.warning.acknowledgePerson', { ...values, name: visitorName });
  // A vehicle movement's trailer is checked too (the vehicle lists cover it).
  return t(
    hit.matchedBy === 'TRAILER_PLATE'
      ? 'visits.warning.acknowledgeTrailer'
      : 'visits.warning.acknowledgeVehicle',
    { ...values, plate: hit.value ?? '' },
  );
}

/** One hit as the warning and the detail show it: the list, what matched, the reason and the note. */
export function BlacklistHitCard({ hit, children }: { hit: BlacklistHit; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="visits-hit" data-testid="blacklist-hit" data-list={hit.list}>
      <div className="visits-hit-head">
        <Tag color="error" variant="solid" icon={<StopOutlined />} className="visits-hit-list">
          {t(`visits.blacklist.${hit.list}`)}
        </Tag>
        {hit.value && isMasked(hit.value) ? (
          <Masked />
        ) : hit.value ? (
          <Typography.Text className="visits-hit-value">
            {hit.matchedBy
              ? t('visits.blacklist.matched', {
                  what: t(`visits.blacklist.matchedBy.${hit.matchedBy}`),
                  value: hit.value,
                })
              : hit.value}
          </Typography.Text>
        ) : null}
      </div>
      <dl className="visits-hit-facts">
        <dt>{t('visits.blacklist.reason')}</dt>
        <dd data-testid="blacklist-hit-reason">
          {hit.reason ? (
            <Typography.Text strong>{hit.reason}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('visits.blacklist.noReason')}</Typography.Text>
          )}
        </dd>
        {hit.note ? (
          <>
            <dt>{t('visits.blacklist.note')}</dt>
            <dd data-testid="blacklist-hit-note">{isMasked(hit.note) ? <Masked /> : hit.note}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </div>
  );
}

/**
 * The blacklist hits of an entry (a visit, a vehicle movement) above its details, in red: each list with what
 * matched, the reason and the note as they were at the entry (a departure row, which has the markers but not
 * the hits, names the lists). Nothing without a hit.
 */
export function BlacklistHits({ record, title, testId }: { record: Row; title: string; testId: string }) {
  const { t } = useTranslation();
  if (!isBlacklisted(record)) return null;
  const hits = (record.blacklistHits as BlacklistHit[] | undefined) ?? [];
  const lists = BLACKLIST_MARKERS.filter((marker) => record[marker] === 'HIT');
  return (
    <Alert
      type="error"
      showIcon
      icon={<StopOutlined />}
      className="visits-detail-hits"
      data-testid={testId}
      title={title}
      description={
        hits.length > 0 ? (
          <div className="visits-hits">
            {hits.map((hit, index) => (
              <BlacklistHitCard key={`${hit.list}-${index}`} hit={hit} />
            ))}
          </div>
        ) : (
          lists.map((marker) => t(`visits.blacklist.${marker}`)).join(' · ')
        )
      }
    />
  );
}

interface WarningBodyProps {
  inArea: boolean;
  /** The sentence before the hits (who is compared with them); the visitor's by default. */
  hitsIntro?: string;
  /** What is inside, sentence by sentence (a vehicle's plate, its trailer, its driver); the visitor by default. */
  inAreaLines?: string[];
  hits: BlacklistHit[];
  visitorName: string;
  /** Tells the dialog whether every hit is confirmed (the confirm button waits until then). */
  onReady(ready: boolean): void;
}

/** The warning's body: the person in the area, then each hit with a check box naming it. */
function WarningBody({ inArea, hitsIntro, inAreaLines, hits, visitorName, onReady }: WarningBodyProps) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<boolean[]>(() => hits.map(() => false));
  const ready = checked.every(Boolean);
  useEffect(() => onReady(ready), [ready, onReady]);
  return (
    <div data-testid="entry-warning" className="visits-warning">
      {inArea &&
        (inAreaLines ?? [t('visits.warning.inArea')]).map((line) => (
          <p key={line} className="visits-warning-in-area">
            {line}
          </p>
        ))}
      {hits.length > 0 && (
        <>
          <p>{hitsIntro ?? t('visits.warning.hitsIntro')}</p>
          <div className="visits-hits">
            {hits.map((hit, index) => (
              <BlacklistHitCard key={`${hit.list}-${index}`} hit={hit}>
                <Checkbox
                  className="visits-hit-confirm"
                  checked={checked[index]}
                  onChange={(event) =>
                    setChecked((previous) =>
                      previous.map((value, at) => (at === index ? event.target.checked : value)),
                    )
                  }
                  data-testid="blacklist-hit-confirm"
                >
                  {acknowledgementText(t, hit, visitorName)}
                </Checkbox>
              </BlacklistHitCard>
            ))}
          </div>
          {!ready && (
            // A hint of what the confirm button waits for, not an error: nothing went wrong yet.
            <Typography.Text type="secondary" className="visits-warning-pending">
              {t('visits.warning.confirmAll')}
            </Typography.Text>
          )}
        </>
      )}
      {hits.length === 0 && <p>{t('visits.warning.continue')}</p>}
    </div>
  );
}

/** The hits of a warning: those the server listed, else (an older answer) one per list named in the details. */
function hitsOf(error: ApiError): BlacklistHit[] {
  if (error.body?.blacklistHits) return error.body.blacklistHits;
  const details: ErrorDetail[] = error.body?.details ?? [];
  return details
    .filter((detail) => detail.path !== 'inArea' && detail.message !== 'ALREADY_IN_AREA')
    .map((detail) => ({
      list: detail.path as BlacklistMarker,
      matchedBy: null,
      value: null,
      reason: null,
      note: null,
    }));
}

const okProps = (danger: boolean, disabled: boolean) =>
  ({ danger, disabled, 'data-testid': 'entry-warning-ok' }) as ButtonProps;

/**
 * Asks whether to continue despite an entry warning (spec section 5: a person already in the area; and the
 * blacklist hits, each shown with its list, matched value, reason and note). A blacklist hit must be
 * confirmed by ticking the sentence that names it; until every hit is ticked the confirm button stays
 * disabled, and Enter lands on Cancel. Resolves what was confirmed, or null when the guard cancels.
 */
export function confirmEntryWarning(
  modal: HookAPI,
  t: TFunction,
  error: ApiError,
  visitorName: string,
  options: {
    inAreaTitle?: string;
    inAreaLines?(paths: string[]): string[];
    /** The title and the intro of the hits for what enters (a vehicle); the visitor's by default. */
    blacklistTitle?: string;
    hitsIntro?: string;
  } = {},
): Promise<EntryConfirmation | null> {
  const hits = hitsOf(error);
  const inAreaPaths = (error.body?.details ?? [])
    .filter((detail) => detail.path === 'inArea' || detail.message === 'ALREADY_IN_AREA')
    .map((detail) => detail.path);
  const inArea = inAreaPaths.length > 0;
  const blacklisted = hits.length > 0;
  return new Promise((resolve) => {
    const dialog = modal.confirm({
      title: blacklisted
        ? (options.blacklistTitle ?? t('visits.warning.blacklistTitle'))
        : (options.inAreaTitle ?? t('visits.warning.inAreaTitle')),
      icon: blacklisted ? <StopOutlined className="visits-warning-stop" /> : undefined,
      width: blacklisted ? 600 : 460,
      className: blacklisted ? 'visits-warning-dialog visits-warning-blacklist' : 'visits-warning-dialog',
      content: (
        <WarningBody
          inArea={inArea}
          hitsIntro={options.hitsIntro}
          inAreaLines={options.inAreaLines?.(inAreaPaths)}
          hits={hits}
          visitorName={visitorName}
          onReady={(ready) =>
            dialog.update({
              okButtonProps: okProps(blacklisted, !ready),
            })
          }
        />
      ),
      okText: t(blacklisted ? 'visits.warning.allowEntry' : 'visits.warning.proceed'),
      okButtonProps: okProps(blacklisted, blacklisted),
      cancelText: t('crud.cancel'),
      cancelButtonProps: { 'data-testid': 'entry-warning-cancel' } as ButtonProps,
      // A guard pressing Enter through the warning cancels it; only a deliberate tap confirms.
      autoFocusButton: blacklisted ? 'cancel' : 'ok',
      onOk: () =>
        resolve({ force: inArea, blacklistAcknowledged: [...new Set(hits.map((hit) => hit.list))] }),
      onCancel: () => resolve(null),
    });
  });
}
