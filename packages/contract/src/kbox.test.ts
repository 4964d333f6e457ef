import { describe, expect, it } from 'vitest';
import { KBOX_TEMPLATE_SAMPLE, fillKboxTemplate, kboxWorkflowProblems } from './entities/kbox';

describe('keybox workflow rules', () => {
  it('needs a message body for every enabled notification, on its field', () => {
    expect(kboxWorkflowProblems({})).toEqual({});
    expect(kboxWorkflowProblems({ incomingEmail: true, incomingMessage: 'PIN {{pin}}' })).toEqual({});
    expect(
      kboxWorkflowProblems({
        incomingSms: true,
        pickedEmail: true,
        pickedMessage: '   ',
        storedMessage: null,
      }),
    ).toEqual({
      incomingMessage: 'validation.kboxMessageRequired',
      pickedMessage: 'validation.kboxMessageRequired',
    });
    // A body without a switch on is no problem.
    expect(kboxWorkflowProblems({ preparedEmail: false, preparedMessage: '' })).toEqual({});
  });

  it('fills the documented placeholders and leaves unknown ones as written', () => {
    expect(
      fillKboxTemplate('Hi {{recipient.name}}, box {{ content.boxName }}: PIN {{pin}} {{unknown}}', {
        'recipient.name': 'Jana',
        'content.boxName': 'A3',
        pin: '123456',
      }),
    ).toBe('Hi Jana, box A3: PIN 123456 {{unknown}}');
    expect(fillKboxTemplate('{{sender.email}}|{{payment.value}}', {})).toBe('|');
    expect(fillKboxTemplate('{{pin}}', KBOX_TEMPLATE_SAMPLE)).toMatch(/^\d{6}$/);
  });

  it('leaves no double space where a value is empty (issue 33)', () => {
    const template =
      'Dobrý den {{recipient.name}}, zásilka {{content.trackingNumber}} na vás čeká ve výdejním boxu {{content.boxName}}.';
    expect(fillKboxTemplate(template, { 'content.boxName': 'A3' })).toBe(
      'Dobrý den, zásilka na vás čeká ve výdejním boxu A3.',
    );
    expect(fillKboxTemplate(template, { 'recipient.name': 'Jano', 'content.trackingNumber': 'DR1' })).toBe(
      'Dobrý den Jano, zásilka DR1 na vás čeká ve výdejním boxu.',
    );
    // At a line's start or end, and between two lines, an empty value takes its spaces with it.
    expect(fillKboxTemplate('{{pin}} je PIN\nPIN: {{pin}}\nKonec', {})).toBe('je PIN\nPIN:\nKonec');
    // Text glued to the placeholder stays as written; a filled value keeps the spaces around it.
    expect(fillKboxTemplate('#{{content.id}}# a {{pin}} b', { pin: '1' })).toBe('## a 1 b');
  });
});
