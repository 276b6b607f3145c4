// Full-text search results (issue 6): list items found by a search carry a snippet of where
// they matched, as parts, so no client ever has to trust markup for the highlighting.
import { z } from 'zod'

export type SnippetPart = { text: string; hit: boolean }

/** `order=relevance` ranks a search's results (best first); without it, lists keep the contract's order. */
export const SearchOrder = z.enum(['relevance']).optional()
