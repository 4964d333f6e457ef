/**
 * Credentials sent in a message (a password reset link's token, a parcel's pick-up PIN) are never kept in the
 * outbox's text: each stands there as a mark, its value in the row's `secrets` only until the message has
 * left (or is given up). The transport gets the text with the values; the logs show the marks masked.
 */
export const MASKED_SECRET = '********';

const mark = (index: number) => `⟦secret ${index + 1}⟧`;
const MARKS = /⟦secret (\d+)⟧/g;

/** The text with every occurrence of each secret replaced by its mark. */
export function markSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (result, secret, index) => (secret ? result.split(secret).join(mark(index)) : result),
    text,
  );
}

/** The text as sent: each mark replaced by its secret's value (masked when the values are gone). */
export function fillSecrets(text: string, secrets: readonly string[] | null | undefined): string {
  return text.replace(MARKS, (whole, index: string) => secrets?.[Number(index) - 1] ?? MASKED_SECRET);
}

/** The text as the logs show it and as it is kept once sent: every mark masked. */
export function maskSecrets(text: string): string {
  return fillSecrets(text, null);
}
