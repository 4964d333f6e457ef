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
