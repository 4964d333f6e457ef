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
});
