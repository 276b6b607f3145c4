// The extremes every input is tried with (issue 17): dates from year 1 to 9999 and past it,
// control characters with NUL first, lone surrogates, 10,000-character strings, and huge,
// negative and fractional numbers. Used for body fields (fuzz.ts hostileValue) and query values.
import fc from 'fast-check'

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** A calendar-looking date anywhere from year 1 to 9999, in the forms a client might send. */
export const edgeDate: fc.Arbitrary<string> = fc
  .record({ year: fc.integer({ min: 1, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }), form: fc.constantFrom('day', 'iso', 'zoned') })
  .map(({ year, month, day, form }) => {
    const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
    return form === 'day' ? date : form === 'iso' ? `${date}T23:59:59.999Z` : `${date}T00:00:00+14:00`
  })

/** Dates the calendar code trips on: the edges of the accepted range and of JavaScript's. */
export const edgeDateConstant = fc.constantFrom(
  ...['9999-12-31', '+010000-01-01', '+275760-09-13', '-000001-01-01', '0000-01-01', '0001-01-01', '1999-12-31', '2000-01-01', '1970-01-01'],
  ...['2026-02-29', '2028-02-29', '2026-13-01', '2026-00-10', '2026-12-32', '9999-12-31T23:59:59Z', '10000-01-01', '2026-01-01T25:00:00Z'],
)

const CONTROL = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', '\u0085', '\u2028', '\u2029', '\ufeff', '\u200b', '\u202e']

/** A short string with control characters (NUL most often) and lone surrogates put inside. */
export const controlString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 12 }), fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant('\u0000') }, fc.constantFrom(...CONTROL), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff')), { minLength: 1, maxLength: 3 }), fc.string({ maxLength: 12 }))
  .map(([a, inserts, b]) => a + inserts.join('') + b)

/** Exactly 10,000 characters (and a few lengths around it), of one or mixed code units. */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(9_999, 10_000, 10_001), fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '<'))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n))

/** Numbers past every sensible bound: huge, negative, fractional, and their string spellings. */
export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -1, -0, 0.5, -0.5, 1e21, 2 ** 31, -(2 ** 31), 2 ** 63),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1_000_000, max: -1 }),
)

/** Every edge as a string, for query values and string fields. */
export const edgeText: fc.Arbitrary<string> = fc.oneof(edgeDate, edgeDateConstant, { weight: 3, arbitrary: controlString }, longString, edgeNumber.map(String))

/** Every edge as a JSON value, for body fields. */
export const edgeValue: fc.Arbitrary<unknown> = fc.oneof(edgeText, edgeNumber)

/**
 * The seed of a fuzz run: fixed in CI so a red run replays exactly; FUZZ_SEED=<n> replays one,
 * FUZZ_SEED=random (with FUZZ_SCALE=10: `npm run fuzz`) explores new cases by hand.
 */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED
  if (given === 'random') return Date.now() % 2 ** 31
  return given ? Number(given) : 20261126
}

/** The longest any answer may take (issue 17): a slower one is a stall in the making. */
export const ANSWER_DEADLINE_MS = 2000

/** encodeURIComponent that also sends lone surrogates, as the bytes a careless client would (WTF-8). */
export function encodeLoose(s: string): string {
  return s.replace(/[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    if (part.length !== 1 || !/[\ud800-\udfff]/.test(part)) return encodeURIComponent(part)
    const c = part.charCodeAt(0)
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
  })
}
