// Dashboard screen (being written).
export function DashboardScreen() {
  return (
    <section className="screen">
      <h1>Dashboard</h1>
    </section>
  )
}
