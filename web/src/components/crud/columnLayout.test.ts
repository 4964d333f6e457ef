import { describe, expect, it } from 'vitest';
import { kboxContent, person, user, visitPurpose } from '@strazce/contract';
import {
  cardTitleColumns,
  columnWidth,
  contentWidth,
  ellipsizes,
  fitColumns,
  headerWidth,
  optionalColumns,
  shownColumns,
  titleWidth,
  toggleColumn,
  wantedWidth,
} from './columnLayout';

/** A fixed 8 px a character, so the numbers are the same everywhere. */
const measure = (text: string) => text.length * 8;

describe('column widths from the field type', () => {
  it('gives each kind of content the room its values need, relative to one another', () => {
    const width = (field: object) => contentWidth(field as never);
    // A yes/no is the narrowest; a date needs less than a date with its time.
    expect(width(user.fields.valid)).toBeLessThan(width({ kind: 'date' }));
    expect(width({ kind: 'date' })).toBeLessThan(width(user.fields.lastLogin));
    // A short code less than a name, a name no more than a long text, which is no wider than a text area.
    expect(width({ kind: 'text', max: 10 })).toBeLessThan(width({ kind: 'text', max: 100 }));
    expect(width({ kind: 'text', max: 100 })).toBeLessThanOrEqual(width({ kind: 'text', max: 2000 }));
    expect(width({ kind: 'text', max: 2000 })).toBeLessThanOrEqual(width({ kind: 'textarea', max: 2000 }));
    // An e-mail address is longer than a reference's name; a list of values than one value.
    expect(width(user.fields.person)).toBeLessThan(width(person.fields.email));
    expect(width({ kind: 'enum' })).toBeLessThan(width({ kind: 'multiEnum' }));
    for (const field of [user.fields.valid, user.fields.lastLogin, user.fields.person, person.fields.email])
      expect(width(field)).toBeGreaterThan(0);
  });

  it('never makes a column narrower than its header with the sort and filter icons', () => {
    const title = 'Oznámení e-mailem o návštěvě';
    const plain = headerWidth({ title, sortable: false, filterable: false }, measure);
    const withIcons = headerWidth({ title, sortable: true, filterable: true }, measure);
    // In two lines: the longer of 'Oznámení e-mailem' and 'o návštěvě' (17 characters), with the padding.
    expect(plain).toBeGreaterThanOrEqual(17 * 8 + 24);
    expect(withIcons).toBeGreaterThan(plain + 40);
    const width = columnWidth(
      { title, sortable: true, filterable: true, field: visitPurpose.fields.anonymize },
      measure,
    );
    expect(width).toBe(withIcons); // wider than a yes/no needs: the header decides
    expect(columnWidth({ title: 'A', sortable: false, filterable: false, width: 320 }, measure)).toBe(320);
  });

  it('wants a column wide enough for its widest known value (an enum label, a date-time), up to a limit', () => {
    const spec = { title: 'Read', sortable: false, filterable: true, field: { kind: 'enum' } as never };
    const plain = columnWidth(spec, measure);
    // 'Zobrazení čísla dokladu' (23 characters at 8 px) with the cell's padding: more than an enum's default.
    expect(columnWidth({ ...spec, valuesWidth: 23 * 8 }, measure)).toBe(plain);
    expect(wantedWidth({ ...spec, valuesWidth: 23 * 8 }, measure)).toBe(23 * 8 + 24);
    // Short labels want no more; a very long one is cut at the limit (whole on hover).
    expect(wantedWidth({ ...spec, valuesWidth: 3 * 8 }, measure)).toBe(plain);
    expect(wantedWidth({ ...spec, valuesWidth: 80 * 8 }, measure)).toBe(240);
  });

  it('gives the room first to the columns that want more, and all they want when the table scrolls anyway', () => {
    // A date-time wanting 20 px more beside a growing text: with 30 px to spare it gets its 20, the text the rest.
    expect(fitColumns([156, 150], [false, true], 336, [176, 150])).toEqual([176, 160]);
    // With 10 px to spare: as much as there is, nothing runs wider than the room.
    expect(fitColumns([156, 150], [false, true], 316, [176, 150])).toEqual([166, 150]);
    // A table that just fits keeps its widths; one wider than its room scrolls sideways anyway: every column
    // as it wants.
    expect(fitColumns([156, 150], [false, true], 306, [176, 150])).toEqual([156, 150]);
    expect(fitColumns([156, 150], [false, true], 250, [176, 150])).toEqual([176, 150]);
  });

  it('breaks a header title at the space that leaves the shorter longer line', () => {
    expect(titleWidth('Pod minimem', measure)).toBe(7 * 8); // 'minimem'
    expect(titleWidth('Anonymizovat po odchodu', measure)).toBe(12 * 8); // 'Anonymizovat' / 'po odchodu'
    expect(titleWidth('UUID', measure)).toBe(4 * 8);
  });

  it('measures no header that is not plain text', () => {
    expect(headerWidth({ title: null, sortable: true, filterable: true }, measure)).toBe(0);
  });

  it('cuts texts, references and lists of values to one line, not dates, numbers and flags', () => {
    expect(ellipsizes(person.fields.lastName)).toBe(true);
    expect(ellipsizes(user.fields.person)).toBe(true);
    expect(ellipsizes(user.fields.valid)).toBe(false);
    expect(ellipsizes(user.fields.lastLogin)).toBe(false);
  });
});

describe('columns fitted to the table', () => {
  it('leaves columns that do not fit as they are (the table scrolls)', () => {
    expect(fitColumns([300, 300, 300], [true, false, true], 800)).toEqual([300, 300, 300]);
  });

  it('gives the room to spare to texts, none beyond a third, the rest to the last column', () => {
    // A name (growing), a flag and a date: the name grows to a third of 1200, the date takes what is left.
    const fitted = fitColumns([180, 80, 156], [true, false, false], 1200);
    expect(fitted).toEqual([400, 80, 720]);
    expect(fitted.reduce((sum, width) => sum + width, 0)).toBe(1200);
    // Two texts share the room in proportion to their widths.
    expect(fitColumns([100, 50, 600], [true, true, false], 900)).toEqual([200, 100, 600]);
  });
});

describe('the columns a list shows at first', () => {
  it('hides the fields declared optional among those offered', () => {
    const offered = ['contentId', 'status', 'recipientName', 'recipientEmail', 'pinExpires', 'description'];
    expect(optionalColumns(offered, kboxContent.fields)).toEqual(['recipientEmail', 'description']);
    expect(optionalColumns(['recipientName'], kboxContent.fields)).toEqual([]);
  });
});

describe('the columns a user chooses', () => {
  const offered = ['userName', 'person', 'sites', 'valid'];

  it('shows the offered columns in their order without the hidden ones', () => {
    expect(shownColumns(offered, ['sites'])).toEqual(['userName', 'person', 'valid']);
    expect(shownColumns(offered, ['gone'])).toEqual(offered);
  });

  it('always keeps one column', () => {
    expect(shownColumns(offered, offered)).toEqual(['userName']);
    const hidden = toggleColumn(offered, ['userName', 'person', 'sites'], 'valid', false);
    expect(hidden).toEqual(['userName', 'person', 'sites']);
  });

  it('hides and shows a column again', () => {
    const hidden = toggleColumn(offered, [], 'person', false);
    expect(hidden).toEqual(['person']);
    expect(toggleColumn(offered, hidden, 'person', true)).toEqual([]);
  });
});

describe("a phone card's title (issue 33: it showed the first name only)", () => {
  it("is a person's full name when the list has both parts, else the first column", () => {
    expect(cardTitleColumns(['firstName', 'email', 'lastName'])).toEqual(['firstName', 'lastName']);
    expect(cardTitleColumns(['lastName', 'firstName', 'company'])).toEqual(['firstName', 'lastName']);
    expect(cardTitleColumns(['driverFirstName', 'driverLastName', 'plate'])).toEqual([
      'driverFirstName',
      'driverLastName',
    ]);
    // Only one part listed, or a name that is not first: the first column alone.
    expect(cardTitleColumns(['firstName', 'email'])).toEqual(['firstName']);
    expect(cardTitleColumns(['plate', 'driverFirstName', 'driverLastName'])).toEqual(['plate']);
    expect(cardTitleColumns([])).toEqual([]);
  });
});
