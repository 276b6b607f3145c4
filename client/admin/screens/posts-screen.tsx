// /admin/posts and /admin/posts/{slug} (spec sections 2, 4, 5 and 8, issue 20): the sidebar list
// (newest first) with New, and the form that creates a post (/new) or edits the open one. On
// phones the list and the editor are separate views (view-list / view-new / view-item).
import type { Post } from '#src/contract/post'
import { PostsForm } from '#client/features/posts/posts-form'
import { PostsList } from '#client/features/posts/posts-list'
import { EditorAlert } from '#client/ui/editor/editor-alert'
import { EditorBackLink } from '#client/ui/editor/editor-back-link'
import { EditorNotFound } from '#client/ui/editor/editor-not-found'
import { EditorSidebar } from '#client/ui/editor/editor-sidebar'
import { editorPath, useEditorScreen } from '#client/ui/editor/use-editor-screen'

export function PostsScreen() {
  const screen = useEditorScreen<Post>('posts', 'Failed to load posts')
  const { selected, item, view } = screen
  return (
    <section className={`screen editor-screen view-${view}`} aria-labelledby="posts-heading">
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
          <EditorBackLink href={editorPath('posts')} label="All posts" view={view} />
          {selected !== null && screen.list.isPending ? (
            <p role="status">Loading…</p>
          ) : selected !== null && screen.list.isSuccess && !item ? (
            <EditorNotFound noun="post" slug={selected} listHref={editorPath('posts')} listLabel="All posts" />
          ) : selected !== null && !item ? (
            <EditorAlert failure={{ title: 'Failed to load post', lines: [] }} />
          ) : (
            <PostsForm key={screen.formKey} post={item} focusHeading={screen.focusHeading} onSaved={screen.saved} onDeleted={screen.deleted} />
          )}
        </div>
      </div>
    </section>
  )
}
