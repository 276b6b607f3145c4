// Dates a request brings, held to the contract's window at the app clock's today (issue 17).
import { dateBoundIssues } from '../contract/input/date-bounds'
import { utcDay, type Clock } from './clock'
import { badRequest } from './http-error'

/** `input` as it is when each of `fields` lies in the window; otherwise a 400 naming each one outside. */
export function checkDates<T extends object>(input: T, fields: readonly (keyof T & string)[], clock: Clock): T {
  const issues = dateBoundIssues(input, fields, utcDay(clock.now()))
  if (issues.length) throw badRequest('Invalid input.', issues)
  return input
}
