// Sign-in methods room: the account's ceiling on wrong second-factor codes at sign-in (decision 063). The
// per-source throttle alone let someone who knows the password spread guesses over many addresses
// (36 codes from 12 addresses, all checked): past the ceiling no code is checked for a while.
import type { Clock } from '#src/lib/clock'

/** Wrong codes for the account within CODE_WINDOW_MS after which codes are refused. */
export const CODE_CEILING = 10
export const CODE_WINDOW_MS = 15 * 60 * 1000

/**
 * The times of the last CODE_CEILING wrong codes (a fixed-size list, whoever sent them). A million
 * addresses get CODE_CEILING guesses a quarter of an hour between them: about 960 a day, against
 * 1,000,000 possible codes, 3 of them right at any moment.
 */
export class CodeCeiling {
  private wrong: number[] = []

  constructor(private readonly clock: Clock) {}

  failed(): void {
    this.wrong.push(this.clock.now().getTime())
    if (this.wrong.length > CODE_CEILING) this.wrong.shift()
  }

  /** Seconds until codes are checked again; 0 while the account is under the ceiling. */
  wait(): number {
    if (this.wrong.length < CODE_CEILING) return 0
    const until = this.wrong[0]! + CODE_WINDOW_MS - this.clock.now().getTime()
    return until > 0 ? Math.ceil(until / 1000) : 0
  }

  /** Another admin or password (the throttle saw the admin change): the count starts over. */
  forget(): void {
    this.wrong = []
  }
}
