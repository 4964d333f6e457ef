import { z } from 'zod';
import {
  bool,
  code,
  datetime,
  defineEntity,
  email,
  enumOf,
  int,
  money,
  phone,
  ref,
  text,
  textarea,
  type FieldDef,
} from '../entity';
import { pinSchema } from '../validation';
import { LANG_PARAMETER_VALUES } from '../serverTexts';

/**
 * Keyboxes (MOD_KBOX, spec: /kbox/... and `/kbox (keybox, operator, content, operation, workflow, message)`):
 * parcel lockers of a site, their operators and workflows (who is notified of what, with which message), the
 * contents deposited and picked up, and the operations the lockers report through their own API (a machine
 * terminal of the internal role KBOX_TERMINAL). See docs/kbox.md.
 */
const KBOX_ADMIN = ['KBOX_ADMIN'] as const;
/** Who reads contents and operations (/kbox/contentincoming, /kbox/contentoutgoing, /kbox/operation). */
export const KBOX_READ = ['KBOX_ADMIN', 'KBOX_USER', 'KBOX_VIEW'] as const;
/** Who records and changes contents (and returns them). */
export const KBOX_WRITE = ['KBOX_ADMIN', 'KBOX_USER'] as const;

export const KBOX_STATUSES = ['OK', 'ERROR', 'WARNING', 'OFFLINE'] as const;
export type KboxStatus = (typeof KBOX_STATUSES)[number];
/** What a locker reports of itself (`POST /api/kbox/locker/status`); OFFLINE is the server's verdict. */
export const KBOX_REPORTED_STATUSES = ['OK', 'ERROR', 'WARNING'] as const;
export const KBOX_CONTENT_STATUSES = ['NEW', 'DEPOSITED', 'PICKED_UP'] as const;
export type KboxContentStatus = (typeof KBOX_CONTENT_STATUSES)[number];
export const KBOX_PAYMENT_STATUSES = ['OK', 'PENDING'] as const;
export const KBOX_OPERATION_TYPES = ['DEPOSIT', 'PICK_UP'] as const;
/** The service operations of an operator at a locker. */
export const KBOX_SERVICE_OPERATIONS = ['SERVIS', 'GOPARKING'] as const;
export const KBOX_DIRECTIONS = ['INCOMING', 'OUTGOING'] as const;
export type KboxDirection = (typeof KBOX_DIRECTIONS)[number];

/**
 * The notification kinds of a workflow (spec), each by e-mail and SMS: `stored` a content is recorded (NEW),
 * `incoming` an incoming content is deposited (the recipient's pick-up PIN), `prepared` an outgoing content is
 * deposited (the PIN for the collector), `picked` a content is picked up, `pickup` a content is returned to
 * its sender (a new PIN to take it back).
 */
export const KBOX_NOTIFICATION_KINDS = ['incoming', 'picked', 'stored', 'prepared', 'pickup'] as const;
export type KboxNotificationKind = (typeof KBOX_NOTIFICATION_KINDS)[number];
export const KBOX_CHANNELS = ['EMAIL', 'SMS'] as const;
export type KboxChannel = (typeof KBOX_CHANNELS)[number];
/** The kinds whose message carries a fresh one-time pick-up PIN (`{{pin}}`). */
export const KBOX_PIN_KINDS: readonly KboxNotificationKind[] = ['incoming', 'prepared', 'pickup'];

const setUp = { module: 'MOD_KBOX', scope: 'site', read: KBOX_ADMIN, write: KBOX_ADMIN } as const;

/**
 * A keybox (parcel locker). Creating one authorizes a machine terminal (`system_client`, internal role
 * KBOX_TERMINAL, on the current site) whose token is in the answer of the create and of
 * `POST /api/kbox/keybox/:id/token` once. `status` is what the locker last reported, OFFLINE after
 * `offlineMinutes` without a call; `notification`: the administrator's e-mail told when it goes OFFLINE.
 * `pinHours`: how long a pick-up PIN works.
 */
export const kboxKeybox = defineEntity({
  ...setUp,
  resource: 'kbox/keybox',
  read: KBOX_READ,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    uuid: text({ readOnly: true, max: 36, list: 'optional', filter: 'contains' }),
    status: enumOf(KBOX_STATUSES, { readOnly: true, list: true, sort: true, filter: 'eq' }),
    notification: email({ list: true }),
    pinHours: int({ required: true, default: 72, min: 1, max: 720, list: true }),
    offlineMinutes: int({ required: true, default: 30, min: 1, max: 10_080, list: true }),
    lastSeen: datetime({ readOnly: true, list: true, sort: true }),
    client: ref('system_client', { readOnly: true }),
  },
});

/** An operator's PIN: four digits ('Insert 4-digit PIN'), kept as an argon2 hash, never returned. */
const operatorPin = {
  kind: 'password',
  writeOnly: true,
  max: 4,
  value: pinSchema.nullable(),
} as const satisfies FieldDef<string | null>;

/** An operator who services the lockers (SERVIS, GOPARKING) with a card and a PIN. */
export const kboxOperator = defineEntity({
  ...setUp,
  resource: 'kbox/operator',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    cardNumber: text({ required: true, max: 50, list: true, sort: true, filter: 'contains', unique: true }),
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains' }),
    pin: operatorPin,
    pinSet: bool({ readOnly: true, list: true }),
    note: textarea({ max: 1000, list: true }),
    valid: bool({ default: true, list: true, sort: true, filter: 'eq' }),
  },
});

const switchField = () => bool({ list: true });
const messageField = () => textarea({ max: 2000 });

/**
 * A workflow (keybox service): who is notified of what for the contents of a keybox. For each notification
 * kind an e-mail and an SMS switch and a message template; `subject` is the e-mails' subject template.
 * Customer notifications go to the content's recipient (sender for `picked` and `pickup`), admin ones to the
 * workflow's `email` and `phone`. Templates take `{{placeholder}}`s (`KBOX_TEMPLATE_PLACEHOLDERS`). Every
 * enabled notification needs a message body (`validation.kboxMessageRequired` on `<kind>Message`).
 */
export const kboxWorkflow = defineEntity({
  ...setUp,
  resource: 'kbox/workflow',
  read: KBOX_READ,
  defaultSort: { field: 'name', direction: 'asc' },
  fields: {
    name: text({ required: true, max: 100, list: true, sort: true, filter: 'contains', unique: true }),
    uuid: text({ readOnly: true, max: 36, list: 'optional' }),
    keybox: ref('kbox/keybox', { required: true, list: true, sort: true, filter: 'eq' }),
    providerName: text({ max: 100, list: true }),
    email: email({ list: true }),
    phone: phone({ list: 'optional' }),
    notifyAdmin: bool({ list: true }),
    notifyCustomer: bool({ default: true, list: true }),
    subject: text({ max: 200 }),
    incomingEmail: switchField(),
    incomingSms: switchField(),
    incomingMessage: messageField(),
    pickedEmail: switchField(),
    pickedSms: switchField(),
    pickedMessage: messageField(),
    storedEmail: switchField(),
    storedSms: switchField(),
    storedMessage: messageField(),
    preparedEmail: switchField(),
    preparedSms: switchField(),
    preparedMessage: messageField(),
    pickupEmail: switchField(),
    pickupSms: switchField(),
    pickupMessage: messageField(),
  },
});

export type KboxWorkflowSwitches = {
  [K in KboxNotificationKind as `${K}Email` | `${K}Sms`]?: boolean | null;
} & { [K in KboxNotificationKind as `${K}Message`]?: string | null };

/** 'Every enabled notification needs a message body': the `<kind>Message` fields that miss one. */
export function kboxWorkflowProblems(values: KboxWorkflowSwitches): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const kind of KBOX_NOTIFICATION_KINDS) {
    const enabled = values[`${kind}Email`] === true || values[`${kind}Sms`] === true;
    if (enabled && !values[`${kind}Message`]?.trim())
      problems[`${kind}Message`] = 'validation.kboxMessageRequired';
  }
  return problems;
}

function senderFields() {
  return {
    senderName: text({ max: 200, list: true, sort: true, filter: 'contains' }),
    senderEmail: email({ list: 'optional' }),
    senderPhone: phone({ list: 'optional' }),
    senderOwner: bool({ list: 'optional' }),
  };
}
function recipientFields() {
  return {
    recipientName: text({ max: 200, list: true, sort: true, filter: 'contains' }),
    recipientEmail: email({ list: 'optional' }),
    recipientPhone: phone({ list: 'optional' }),
    recipientOwner: bool({ list: 'optional' }),
  };
}

/**
 * A content (parcel) of a keybox: NEW when recorded, DEPOSITED when a locker reports its deposit (a one-time
 * pick-up PIN, `pinExpires`), PICKED_UP when picked up with that PIN — refused while its payment is PENDING.
 * `POST /api/kbox/content/:id/return` ('Vrátit zásilku') returns a DEPOSITED content to its sender with a new
 * PIN (`returned`). Default order: `contentId` descending; the incoming list defaults to DEPOSITED.
 */
export const kboxContent = defineEntity({
  resource: 'kbox/content',
  module: 'MOD_KBOX',
  scope: 'site',
  read: KBOX_READ,
  write: KBOX_WRITE,
  delete: KBOX_ADMIN,
  defaultSort: { field: 'contentId', direction: 'desc' },
  fields: {
    contentId: int({ required: true, min: 1, list: true, sort: true, filter: 'eq', unique: true }),
    keybox: ref('kbox/keybox', { required: true, list: 'optional', sort: true, filter: 'eq' }),
    direction: enumOf(KBOX_DIRECTIONS, { required: true, default: 'INCOMING', list: true, filter: 'eq' }),
    status: enumOf(KBOX_CONTENT_STATUSES, { readOnly: true, list: true, sort: true, filter: 'eq' }),
    /** The carrier's parcel number as printed on the label (DR1234567890CZ): a code, letters and digits only. */
    trackingNumber: code({ max: 50, list: true, sort: true, filter: 'contains' }),
    workflow: ref('kbox/workflow', { list: 'optional', filter: 'eq' }),
    /** The amount to pay at pick-up (currency rule: at most two decimals, `money`). */
    paymentValue: money({ min: 0, max: 10_000_000, list: 'optional' }),
    currency: text({ max: 3, default: 'CZK', list: 'optional' }),
    paymentStatus: enumOf(KBOX_PAYMENT_STATUSES, {
      required: true,
      default: 'OK',
      list: 'optional',
      sort: true,
      filter: 'eq',
    }),
    /** The payment's variable symbol (up to ten digits in Czech banking): a code, letters and digits only. */
    variableSymbol: code({ max: 10, list: 'optional', filter: 'contains' }),
    operation: enumOf(KBOX_OPERATION_TYPES, { readOnly: true, list: 'optional' }),
    description: textarea({ max: 1000, list: 'optional' }),
    category: text({ max: 50, list: 'optional', filter: 'contains' }),
    expectedTime: datetime({ list: 'optional', sort: true, filter: 'range' }),
    ...senderFields(),
    ...recipientFields(),
    boxName: text({ readOnly: true, list: 'optional' }),
    depositedAt: datetime({ readOnly: true, list: true, sort: true, filter: 'range' }),
    pickedUpAt: datetime({ readOnly: true, list: 'optional', sort: true, filter: 'range' }),
    pinExpires: datetime({ readOnly: true, list: true }),
    returned: bool({ readOnly: true, list: 'optional', filter: 'eq' }),
  },
});

/**
 * An operation a locker reported (read-only, newest first): a DEPOSIT or PICK_UP of a content, or an
 * operator's service operation (`name` SERVIS or GOPARKING), with who was notified.
 */
export const kboxOperation = defineEntity({
  resource: 'kbox/operation',
  module: 'MOD_KBOX',
  scope: 'site',
  read: KBOX_READ,
  write: [],
  defaultSort: { field: 'occurred', direction: 'desc' },
  fields: {
    occurred: datetime({ required: true, list: true, sort: true, filter: 'range' }),
    keybox: ref('kbox/keybox', { required: true, list: true, sort: true, filter: 'eq' }),
    type: enumOf(KBOX_OPERATION_TYPES, { list: true, sort: true, filter: 'eq' }),
    name: enumOf(KBOX_SERVICE_OPERATIONS, { list: 'optional', filter: 'eq' }),
    content: ref('kbox/content', { list: true, filter: 'eq' }),
    direction: enumOf(KBOX_DIRECTIONS, { list: 'optional', filter: 'eq' }),
    boxName: text({ list: 'optional' }),
    operator: ref('kbox/operator', { list: true }),
    /** A PIN was given and accepted (the pick-up PIN, or the operator's). */
    pin: bool({ list: 'optional' }),
    recipientNotified: bool({ list: 'optional' }),
    senderNotified: bool({ list: 'optional' }),
    notes: textarea({ list: true }),
    uuid: text({ list: 'optional', filter: 'contains' }),
  },
});

/**
 * A notification of a content queued in the outbox (read-only): its kind, channel and recipient, whether it
 * carried a PIN, and whether the outbox delivered it. `POST /api/kbox/message/:id/resend` sends it again
 * (a kind with a PIN gets a new PIN; the old one stops working).
 */
export const kboxMessage = defineEntity({
  resource: 'kbox/message',
  module: 'MOD_KBOX',
  scope: 'site',
  read: KBOX_READ,
  write: [],
  defaultSort: { field: 'created', direction: 'desc' },
  fields: {
    created: datetime({ required: true, list: true, sort: true }),
    content: ref('kbox/content', { required: true, list: true, filter: 'eq' }),
    kind: enumOf(KBOX_NOTIFICATION_KINDS, { required: true, list: true, filter: 'eq' }),
    channel: enumOf(KBOX_CHANNELS, { required: true, list: true, filter: 'eq' }),
    recipient: text({ required: true, list: true }),
    pin: bool({ list: true }),
    delivered: bool({ readOnly: true, list: true }),
  },
});

/** The locker's body of a deposit: the content by its `contentId`, the box it went into. */
export const kboxDepositSchema = z.strictObject({
  /** The locker's own id of the event: a repeated call with it answers the first outcome. */
  uuid: z.uuid({ message: 'validation.invalid' }),
  contentId: z.number().int().positive(),
  boxName: z.string().trim().min(1).max(50),
  occurred: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
});
/** The locker's body of a pick-up: the PIN typed at the locker. */
export const kboxPickUpSchema = z.strictObject({
  uuid: z.uuid({ message: 'validation.invalid' }),
  pin: z.string().regex(/^\d{6}$/, { message: 'validation.invalid' }),
  occurred: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
});
/** An operator's service operation at the locker: card and PIN. */
export const kboxServiceSchema = z.strictObject({
  uuid: z.uuid({ message: 'validation.invalid' }),
  name: z.enum(KBOX_SERVICE_OPERATIONS),
  cardNumber: z.string().trim().min(1).max(50),
  pin: pinSchema,
  boxName: z.string().trim().max(50).optional(),
  notes: z.string().trim().max(1000).optional(),
  occurred: z.iso.datetime({ offset: true, message: 'validation.datetime' }).optional(),
});
export const kboxStatusSchema = z.strictObject({
  status: z.enum(KBOX_REPORTED_STATUSES),
  notes: z.string().trim().max(1000).optional(),
});
/** What the locker gets back of an operation: the operation and its content's state. */
export const kboxLockerAnswerSchema = z.object({
  operation: z.object({ id: z.number().int(), uuid: z.string().nullable() }),
  content: z
    .object({
      id: z.number().int(),
      contentId: z.number().int(),
      status: z.enum(KBOX_CONTENT_STATUSES),
      boxName: z.string().nullable(),
    })
    .nullable(),
});
export type KboxLockerAnswer = z.infer<typeof kboxLockerAnswerSchema>;

/** A pick-up PIN: six digits, one-time. */
export const KBOX_PIN_LENGTH = 6;

/**
 * The placeholders of the message and subject templates: `{{name}}` is replaced by the value, an unknown
 * placeholder stays as written. The web editor previews a template with `KBOX_TEMPLATE_SAMPLE`.
 */
export const KBOX_TEMPLATE_PLACEHOLDERS = [
  'content.id',
  'content.trackingNumber',
  'content.description',
  'content.category',
  'content.keybox',
  'content.boxName',
  'sender.name',
  'sender.email',
  'sender.phone',
  'recipient.name',
  'recipient.email',
  'recipient.phone',
  'payment.value',
  'payment.currency',
  'payment.status',
  'payment.variableSymbol',
  'pin',
  'pin.expires',
] as const;
export type KboxTemplateValues = Partial<Record<(typeof KBOX_TEMPLATE_PLACEHOLDERS)[number], string>>;

export const KBOX_TEMPLATE_SAMPLE: KboxTemplateValues = {
  'content.id': '1042',
  'content.trackingNumber': 'DR1234567890',
  'content.description': 'Notebook',
  'content.category': 'M',
  'content.keybox': 'Reception',
  'content.boxName': 'A3',
  'sender.name': 'Eshop s.r.o.',
  'sender.email': 'eshop@example.com',
  'sender.phone': '+420 601 234 567',
  'recipient.name': 'Jana Nováková',
  'recipient.email': 'jana@example.com',
  'recipient.phone': '+420 602 345 678',
  'payment.value': '1250.00',
  'payment.currency': 'CZK',
  'payment.status': 'PENDING',
  'payment.variableSymbol': '2026001',
  pin: '482913',
  'pin.expires': '30.11.2026 14:00',
};

/** A placeholder with the spaces and tabs around it. */
const PLACEHOLDER = /([ \t]*)\{\{\s*([a-zA-Z.]+)\s*\}\}([ \t]*)/g;
/** Characters no space goes before: where an empty value ends a clause or a line. */
const CLOSING = /^(|[\n\r,.;:!?)\]])$/;

/**
 * Fills a template: each `{{ name }}` of a known placeholder by its value. A missing or empty value leaves no
 * gap ('zásilka {{content.trackingNumber}} na vás čeká' → 'zásilka na vás čeká', 'Dobrý den {{recipient.name}},'
 * → 'Dobrý den,'): the spaces around it fold into one between words, none before punctuation or at a line's ends.
 */
export function fillKboxTemplate(template: string, values: KboxTemplateValues): string {
  const known = new Set<string>(KBOX_TEMPLATE_PLACEHOLDERS);
  return template.replace(
    PLACEHOLDER,
    (whole: string, before: string, name: string, after: string, offset: number, text: string) => {
      if (!known.has(name)) return whole;
      const value = values[name as keyof KboxTemplateValues] ?? '';
      if (value !== '') return `${before}${value}${after}`;
      const lineStart = offset === 0 || text[offset - 1] === '\n';
      const next = text.charAt(offset + whole.length);
      return lineStart || CLOSING.test(next) || (before === '' && after === '') ? '' : ' ';
    },
  );
}

/** Pick-up figures of a keybox (`GET /api/kbox/keybox/figures?from&to`). */
export const kboxFiguresSchema = z.array(
  z.object({
    keybox: z.object({ id: z.number().int(), label: z.string() }),
    status: z.enum(KBOX_STATUSES).nullable(),
    /** Contents DEPOSITED now. */
    waiting: z.number().int(),
    /** When the oldest of them was deposited. */
    oldestWaiting: z.iso.datetime({ offset: true }).nullable(),
    /** Contents picked up in the range. */
    pickedUp: z.number().int(),
    /** Median minutes from deposit to pick-up of those. */
    medianMinutes: z.number().nullable(),
  }),
);
export type KboxFigures = z.infer<typeof kboxFiguresSchema>;
export const kboxFiguresQuerySchema = z.strictObject({
  from: z.iso.date({ message: 'validation.date' }),
  to: z.iso.date({ message: 'validation.date' }),
  lang: z.enum(LANG_PARAMETER_VALUES).optional(),
});
