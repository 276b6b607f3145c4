// Bun.build bundles imported stylesheets into the entry's CSS file.
declare module '*.css'
