/** The password reset e-mail, in both languages of the product (the recipient's language is not known). */
export function resetPasswordEmail(
  userName: string,
  link: string,
  validMinutes: number,
): { subject: string; body: string } {
  return {
    subject: 'Obnovení hesla / Password reset',
    body: [
      `Dobrý den,`,
      ``,
      `pro uživatele ${userName} bylo požádáno o obnovení hesla. Nové heslo nastavíte na adrese:`,
      link,
      `Odkaz platí ${validMinutes} minut. Pokud jste o obnovení nežádali, zprávu ignorujte.`,
      ``,
      `---`,
      ``,
      `Hello,`,
      ``,
      `a password reset was requested for the user ${userName}. Set a new password at:`,
      link,
      `The link is valid for ${validMinutes} minutes. If you did not ask for it, ignore this message.`,
    ].join('\n'),
  };
}

/**
 * A password reset link in an e-mail body (`…/resetPassword?token=…`). The outbox keeps the live link only
 * until the message is sent; the e-mail log never shows it (see maskResetLinks).
 */
export const RESET_LINK_PATTERN = /(\/resetPassword\?token=)[^\s]+/g;
/** The same pattern for PostgreSQL's regexp_replace (flag 'g'), with the prefix as \1. */
export const RESET_LINK_SQL_PATTERN = '(/resetPassword\\?token=)[^\\s]+';
export const MASKED_TOKEN = '********';

/** The body with every reset link's token replaced by a mask. */
export function maskResetLinks(body: string): string {
  return body.replace(RESET_LINK_PATTERN, `$1${MASKED_TOKEN}`);
}
