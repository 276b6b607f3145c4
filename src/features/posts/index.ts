// Posts room, its public face: the reads and the write halves other features use (feeds, share
// cards, content files) (docs/architecture.md, "Import boundaries").
export { getPost, insertPost, listFullPosts, preparePost, writePostUpdate, type PreparedPost } from './service'
