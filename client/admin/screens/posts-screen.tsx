// Posts screen (being written).
export function PostsScreen() {
  return (
    <section className="screen">
      <h1>Blog Posts</h1>
    </section>
  )
}
