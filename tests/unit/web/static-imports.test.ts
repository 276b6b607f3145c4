import { expect, test } from 'bun:test'
import { staticImports } from '#src/web/assets'

test('preloads statically imported chunks, transitively, but not dynamic imports', () => {
  const sources = new Map([
    ['/assets/site-a.js', 'import{x as y}from"./chunk-1.js";import"./chunk-2.js";const z=()=>import("./chunk-zod.js");'],
    ['/assets/chunk-1.js', 'import{q}from "./chunk-3.js";export const x=1'],
    ['/assets/chunk-2.js', ''],
    ['/assets/chunk-3.js', ''],
    ['/assets/chunk-zod.js', 'import{w}from"./chunk-4.js"'],
  ])
  expect(staticImports('/assets/site-a.js', sources).sort()).toEqual(['/assets/chunk-1.js', '/assets/chunk-2.js', '/assets/chunk-3.js'])
})
