// Sample blog posts seeded into an empty database (SEED=demo), oldest first.
import type { PostInput } from '#src/contract/post'
import { seedPosts1 } from './posts-1'
import { seedPosts2 } from './posts-2'

export const seedPosts: PostInput[] = [...seedPosts1, ...seedPosts2]
