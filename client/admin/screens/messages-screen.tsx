// Messages screen (being written).
export function MessagesScreen() {
  return (
    <section className="screen">
      <h1>Messages</h1>
    </section>
  )
}
