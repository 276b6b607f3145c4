// Bun imports `.sql` files as text (see db/migrations/index.ts).
declare module '*.sql' {
  const text: string
  export default text
}
