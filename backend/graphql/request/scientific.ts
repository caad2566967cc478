// Hasura's text for a number it cannot use as an integer: the number as Haskell's Scientific
// `show`s it (`2.147483648e9`, `1.5`, `100.0`), inside its message. Clients match on the message.

/** Sign, significant digits and exponent of a decimal literal: value = 0.d1d2... x 10^exponent. */
function decimalDigits(text: string): { negative: boolean; digits: string; exponent: number } | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return null;
  const whole = m[2];
  const fraction = m[3] ?? '';
  let digits = (whole + fraction).replace(/^0+/, '');
  // Leading zeros of the fraction move the point left.
  let exponent = whole.replace(/^0+/, '').length + Number(m[4] ?? 0);
  if (!whole.replace(/^0+/, '')) exponent -= fraction.length - fraction.replace(/^0+/, '').length;
  digits = digits.replace(/0+$/, '');
  if (!digits) return { negative: false, digits: '0', exponent: 0 };
  return { negative: m[1] === '-', digits, exponent };
}

/** Haskell `show` of a Scientific (fmtAsGeneric: fixed for exponents 0..7, else d.ddde(n)). */
export function showScientific(text: string): string {
  const d = decimalDigits(text);
  if (!d) return text;
  const { digits, exponent: e } = d;
  let out: string;
  if (digits === '0') out = '0.0';
  else if (e < 0 || e > 7) out = `${digits[0]}.${digits.length > 1 ? digits.slice(1) : '0'}e${e - 1}`;
  else if (e === 0) out = `0.${digits}`;
  else {
    const int = digits.slice(0, e).padEnd(e, '0');
    const frac = digits.slice(e);
    out = `${int}.${frac || '0'}`;
  }
  return d.negative ? `-${out}` : out;
}

/** Hasura's parse-failed message for a number that is not an integer of the expected size. */
export const integerOutOfBounds = (text: string): string =>
  `The value ${showScientific(text)} lies outside the bounds or is not an integer. Maybe it is a float, or is there integer overflow?`;
