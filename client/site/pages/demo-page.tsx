// DemoPage (being written).
export function DemoPage() {
  return <div className="page"><h1>DemoPage</h1></div>
}
