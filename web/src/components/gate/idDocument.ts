import type { EgovDocumentKind } from '@strazce/contract';

/** An identity document kind of the site (`system_site/identity_document`). */
export interface SiteIdentityDocument {
  id: number;
  name: string;
  valid?: boolean | null;
}

/**
 * How a site's identity document is recognised by its name (lower case, without diacritics) for a kind the
 * reader reports: 'Občanský průkaz' / 'Identity card', 'Cestovní pas' / 'Passport', 'Povolení k pobytu' /
 * 'Residence permit'.
 */
const NAME_PATTERNS: Record<EgovDocumentKind, readonly RegExp[]> = {
  ID_CARD: [/\bobcansk/, /\bidentity\b/, /\bid[ -]?card\b/, /^op$/],
  PASSPORT: [/\bpas\b/, /\bpassport/, /\bcestovni\b/],
  RESIDENCE_PERMIT: [/\bpobyt/, /\bresiden/],
};

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/**
 * The site's identity document for a kind read from a document: the first valid one whose name says the
 * kind (an invalid one only when no valid one does), or null when none does.
 */
export function identityDocumentFor(
  kind: EgovDocumentKind,
  documents: readonly SiteIdentityDocument[],
): number | null {
  const matching = documents.filter((document) =>
    NAME_PATTERNS[kind].some((pattern) => pattern.test(plain(document.name))),
  );
  return (matching.find((document) => document.valid !== false) ?? matching[0])?.id ?? null;
}
