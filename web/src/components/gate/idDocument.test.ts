import { describe, expect, it } from 'vitest';
import { identityDocumentFor, type SiteIdentityDocument } from './idDocument';

const czech: SiteIdentityDocument[] = [
  { id: 1, name: 'Řidičský průkaz' },
  { id: 2, name: 'Občanský průkaz' },
  { id: 3, name: 'Cestovní pas' },
  { id: 4, name: 'Povolení k pobytu' },
];
const english: SiteIdentityDocument[] = [
  { id: 11, name: 'Driving licence' },
  { id: 12, name: 'Identity card' },
  { id: 13, name: 'Passport' },
  { id: 14, name: 'Residence permit' },
];

describe('the identity document of a kind read from a document', () => {
  it('finds the Czech names', () => {
    expect(identityDocumentFor('ID_CARD', czech)).toBe(2);
    expect(identityDocumentFor('PASSPORT', czech)).toBe(3);
    expect(identityDocumentFor('RESIDENCE_PERMIT', czech)).toBe(4);
  });

  it('finds the English names', () => {
    expect(identityDocumentFor('ID_CARD', english)).toBe(12);
    expect(identityDocumentFor('PASSPORT', english)).toBe(13);
    expect(identityDocumentFor('RESIDENCE_PERMIT', english)).toBe(14);
  });

  it('ignores case and diacritics, and takes a valid document before an invalid one', () => {
    const documents = [
      { id: 1, name: 'OBCANSKY PRUKAZ (stary)', valid: false },
      { id: 2, name: 'občanský průkaz', valid: true },
    ];
    expect(identityDocumentFor('ID_CARD', documents)).toBe(2);
    expect(identityDocumentFor('ID_CARD', [documents[0]])).toBe(1);
  });

  it('leaves the type empty when no name says the kind', () => {
    expect(identityDocumentFor('PASSPORT', [{ id: 1, name: 'Řidičský průkaz' }])).toBeNull();
    expect(identityDocumentFor('RESIDENCE_PERMIT', [])).toBeNull();
    // 'pas' is a word of its own, not a part of another ('Pasivní karta').
    expect(identityDocumentFor('PASSPORT', [{ id: 1, name: 'Pasivní karta' }])).toBeNull();
  });
});
