// /admin/posts (spec sections 2, 4, 5 and 8): the sidebar list (newest first) with New, and the
// form that creates a post (nothing selected) or edits the selected one, with a live preview.
import type { Post } from '#src/contract/post'
import { PostsForm } from '#client/features/posts/posts-form'
import { PostsList } from '#client/features/posts/posts-list'
import { EditorAlert } from '#client/ui/editor/editor-alert'
import { EditorSidebar } from '#client/ui/editor/editor-sidebar'
import { useEditorScreen } from '#client/ui/editor/use-editor-screen'

export function PostsScreen() {
  const screen = useEditorScreen<Post>('posts', 'Failed to load posts')
  const { selected, item } = screen
  return (
    <section className="screen editor-screen" aria-labelledby="posts-heading">
      <h1 id="posts-heading">Blog Posts</h1>
      <div className="editor-layout">
        <EditorSidebar
          heading="All posts"
          noun="post"
          onNew={screen.startNew}
          loading={screen.list.isPending}
          failure={screen.failure}
          empty={screen.items.length === 0}
          emptyText="No posts yet."
        >
          <PostsList items={screen.items} selected={selected} onSelect={screen.select} />
        </EditorSidebar>
        <div className="editor-main">
          {selected !== null && screen.list.isPending ? (
            <p role="status">Loading…</p>
          ) : selected !== null && !item ? (
            <EditorAlert failure={{ title: 'Failed to load post', lines: screen.list.isError ? [] : [`No post has the slug "${selected}".`] }} />
          ) : (
            <PostsForm key={screen.formKey} post={item} focusHeading={screen.focusHeading} onSaved={screen.saved} onDeleted={screen.deleted} />
          )}
        </div>
      </div>
    </section>
  )
}
