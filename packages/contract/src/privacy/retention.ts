import type { ModuleCode } from '../modules';
import type { PersonalCategory } from './classification';

/**
 * What the retention job (server/src/modules/privacy) anonymizes, per module: the site's setting (a site
 * property in days, set on /admin/privacy) or the lawful default, counted from the moment named by `from`.
 */
export const RETENTION_RULES = [
  /** Visits (entries and departures) after the departure; a visitor still in the area stays. */
  {
    key: 'visits',
    module: 'MOD_VISIT',
    property: 'RETENTION_VISIT_DAYS',
    defaultDays: 90,
    from: 'departure',
  },
  /** Vehicle movements (with their companions and photos) after the departure. */
  {
    key: 'vehicles',
    module: 'MOD_VEHICLE',
    property: 'RETENTION_VEHICLE_DAYS',
    defaultDays: 90,
    from: 'departure',
  },
  /** Plate reads that matched no advice and no vehicle and made no movement. */
  { key: 'anpr', module: 'MOD_VEHICLE', property: 'RETENTION_ANPR_DAYS', defaultDays: 7, from: 'read' },
  /** Keybox contents after the pick-up (or the return to the sender). */
  { key: 'kbox', module: 'MOD_KBOX', property: 'RETENTION_KBOX_DAYS', defaultDays: 30, from: 'pickUp' },
  /** Incidents of every module (patrols, keys, stock) with their attachments, after they were reported. */
  { key: 'incidents', property: 'RETENTION_INCIDENT_DAYS', defaultDays: 365, from: 'created' },
] as const satisfies ReadonlyArray<{
  key: string;
  module?: ModuleCode;
  property: string;
  defaultDays: number;
  from: string;
}>;
export type RetentionKey = (typeof RETENTION_RULES)[number]['key'];
export const RETENTION_KEYS = RETENTION_RULES.map((rule) => rule.key) as RetentionKey[];

/** Bounds of a retention setting in days. */
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;

/** The retention properties as site config properties (KNOWN_CONFIG_PROPERTIES). */
export const RETENTION_PROPERTIES = Object.fromEntries(
  RETENTION_RULES.map((rule) => [rule.property, { type: 'LONG', default: rule.defaultDays }]),
) as {
  [R in (typeof RETENTION_RULES)[number] as R['property']]: { type: 'LONG'; default: R['defaultDays'] };
};

/** What the next run of the retention job would anonymize of one rule (`GET /api/privacy/retention/preview`). */
export interface RetentionPreview {
  key: RetentionKey;
  days: number;
  /** Records past their retention, not yet anonymized and not on hold. */
  count: number;
  /** The oldest and newest moment (`from`) among them; null when there are none. */
  oldest: string | null;
  newest: string | null;
}

/** The site's retention settings (`GET/PUT /api/privacy/retention`): days per rule. */
export type RetentionSettings = Record<RetentionKey, number>;

export const LEGAL_BASES = ['legitimateInterest', 'contract', 'legalObligation'] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];

/**
 * One processing activity of the record of processing (GDPR art. 30; docs/privacy.md and /admin/privacy).
 * Purpose and recipients are texts `privacy.activity.<key>.purpose|recipients` in both languages; the
 * categories come from the classification of its entities and tables; the retention from its rule, or a text.
 */
export interface ProcessingActivity {
  key: string;
  module?: ModuleCode;
  legalBasis: LegalBasis;
  /** Entities (resource paths) whose personal fields this activity processes. */
  resources: readonly string[];
  /** Tables that are no entity (TABLE_CLASSIFICATION). */
  tables?: readonly string[];
  /** The retention rule, or `fixed`: a text `privacy.activity.<key>.retention`. */
  retention: RetentionKey | 'fixed';
  /** Categories beyond those of the classification (kept for the record: signatures' images). */
  extraCategories?: readonly PersonalCategory[];
}

export const PROCESSING_ACTIVITIES: readonly ProcessingActivity[] = [
  {
    key: 'visits',
    module: 'MOD_VISIT',
    legalBasis: 'legitimateInterest',
    resources: ['visit', 'visit/accompaniment', 'visit/visited'],
    tables: ['visit_blacklist_hit'],
    retention: 'visits',
  },
  {
    key: 'visitAdvice',
    module: 'MOD_VISIT_ADVICE',
    legalBasis: 'legitimateInterest',
    resources: ['visit/advice'],
    retention: 'fixed',
  },
  {
    key: 'vehicles',
    module: 'MOD_VEHICLE',
    legalBasis: 'legitimateInterest',
    resources: ['vehicle', 'vehicle/accompaniment', 'vehicle/advice'],
    tables: ['vehicle_blacklist_hit', 'vehicle_photo'],
    retention: 'vehicles',
  },
  {
    key: 'anpr',
    module: 'MOD_VEHICLE',
    legalBasis: 'legitimateInterest',
    resources: ['vehicle/anpr/read'],
    retention: 'anpr',
  },
  {
    key: 'kbox',
    module: 'MOD_KBOX',
    legalBasis: 'contract',
    resources: ['kbox/content', 'kbox/operation', 'kbox/message'],
    retention: 'kbox',
  },
  {
    key: 'incidents',
    legalBasis: 'legitimateInterest',
    resources: ['incident'],
    tables: ['incident_attachment'],
    retention: 'incidents',
  },
  {
    key: 'signatures',
    module: 'MOD_SIGNATURE',
    legalBasis: 'contract',
    resources: ['signature/signed'],
    tables: ['signature_signed'],
    retention: 'fixed',
  },
  {
    key: 'keys',
    module: 'MOD_KM',
    legalBasis: 'legitimateInterest',
    resources: ['keymanagement/keylend'],
    retention: 'fixed',
  },
  {
    key: 'logistics',
    module: 'MOD_LOGISTICS',
    legalBasis: 'contract',
    resources: ['logistics/transport'],
    retention: 'fixed',
  },
  {
    key: 'audit',
    legalBasis: 'legalObligation',
    resources: ['system_audit'],
    retention: 'fixed',
  },
];
