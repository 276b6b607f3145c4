// /admin/posts and /admin/posts/{slug} (spec sections 2, 4, 5 and 8, issue 20): the posts list
// (newest first) and the post form in the editors' shared screen frame.
import type { Post } from '#src/contract/post'
import { PostsForm } from '#client/features/posts/posts-form'
import { PostsList } from '#client/features/posts/posts-list'
import { EditorScreen } from '#client/ui/editor/editor-screen'

export function PostsScreen() {
  return <EditorScreen<Post> screen="posts" title="Blog Posts" noun="post" List={PostsList} form={({ item, ...props }) => <PostsForm post={item} {...props} />} />
}
