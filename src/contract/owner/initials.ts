// The owner's initials, for the home's monogram when there is no photo and for the share cards.

/** The first letters of the first and last words ("Rowan Castillo" → "RC"); "?" for an empty name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1)
  return letters.map((w) => [...w][0]!.toUpperCase()).join('') || '?'
}
