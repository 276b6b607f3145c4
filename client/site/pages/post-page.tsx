// PostPage (being written).
export function PostPage() {
  return <div className="page"><h1>PostPage</h1></div>
}
