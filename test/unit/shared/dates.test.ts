import * as assert from 'node:assert/strict';
import { formatWhen } from '../../../src/shared/dates';

describe('shared: formatWhen', () => {
  it('formats as toLocaleString does (medium date, short time), and an invalid date as empty', () => {
    for (const timestamp of [0, Date.UTC(2026, 10, 27, 19, 5), Date.UTC(1999, 0, 1, 23, 59)]) {
      assert.equal(formatWhen(timestamp), new Date(timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
    }
    assert.equal(formatWhen(Number.NaN), '');
    assert.equal(formatWhen(8.64e15 + 1), '');
  });

  it('makes one formatter for any number of dates, not one per date (a long history re-renders as each answer ends)', () => {
    const real = Intl.DateTimeFormat;
    let made = 0;
    let formats = 0;
    // Counts formatters made and dates formatted from now on; toLocaleString's own formatter is not visible here,
    // so formatting through it would make this fail too (no format calls).
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      made++;
      const formatter = new real(...args);
      return { format: (date?: Date | number) => { formats++; return formatter.format(date); } } as Intl.DateTimeFormat;
    } as unknown as typeof Intl.DateTimeFormat;
    // The module keeps its formatter: load a fresh copy that makes its own under the counting constructor.
    const modulePath = require.resolve('../../../src/shared/dates');
    delete require.cache[modulePath];
    Intl.DateTimeFormat = counting;
    try {
      const fresh = (require(modulePath) as typeof import('../../../src/shared/dates')).formatWhen;
      for (let i = 0; i < 200; i++) fresh(Date.UTC(2026, 0, 1) + i * 3_600_000);
    } finally {
      Intl.DateTimeFormat = real;
      delete require.cache[modulePath];
    }
    assert.equal(made, 1);
    assert.equal(formats, 200);
  });
});
