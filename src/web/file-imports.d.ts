// Bun's `with { type: 'file' }` imports give the file's path (embedded in the binary).
declare module '*.jpg' {
  const path: string
  export default path
}
declare module '*.mp4' {
  const path: string
  export default path
}
declare module '*.wasm' {
  const path: string
  export default path
}
declare module '*.woff' {
  const path: string
  export default path
}
