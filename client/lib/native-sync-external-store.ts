// What the client bundles get for `use-sync-external-store/shim` (see src/web/assets.ts): React 19's own hook.
export { useSyncExternalStore } from 'react'
