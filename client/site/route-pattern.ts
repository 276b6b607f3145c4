// Route patterns compiled once. NOTE: wouter compiles a route's pattern on every match (a render
// of a page matched about ten, and the server's route lookup ten more, some 45 µs of a miss in
// issue 21). The patterns are the route table's, written in code: no visitor adds one, so the
// memo holds a few dozen at most.
import { parse } from 'regexparam'
import type { Parser } from 'wouter'

type Pattern = ReturnType<Parser>
const compiled = new Map<string, Pattern>()

/** regexparam's parse, as wouter calls it (`loose`: the pattern of a nested router), remembered. */
export const parsePattern: Parser = (route, loose) => {
  const key = loose ? `~${route}` : route
  let pattern = compiled.get(key)
  if (!pattern) compiled.set(key, (pattern = parse(route, loose)))
  return pattern
}
