// ResumePage (being written).
export function ResumePage() {
  return <div className="page"><h1>ResumePage</h1></div>
}
