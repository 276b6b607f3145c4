// Syntax highlighting for fenced code blocks, run when content is saved (never per request).
import { createHighlighterCore, type HighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import bash from 'shiki/langs/shellscript.mjs'
import c from 'shiki/langs/c.mjs'
import cpp from 'shiki/langs/cpp.mjs'
import css from 'shiki/langs/css.mjs'
import diff from 'shiki/langs/diff.mjs'
import go from 'shiki/langs/go.mjs'
import html from 'shiki/langs/html.mjs'
import javascript from 'shiki/langs/javascript.mjs'
import json from 'shiki/langs/json.mjs'
import jsx from 'shiki/langs/jsx.mjs'
import python from 'shiki/langs/python.mjs'
import rust from 'shiki/langs/rust.mjs'
import solidity from 'shiki/langs/solidity.mjs'
import sql from 'shiki/langs/sql.mjs'
import tcl from 'shiki/langs/tcl.mjs'
import toml from 'shiki/langs/toml.mjs'
import tsx from 'shiki/langs/tsx.mjs'
import typescript from 'shiki/langs/typescript.mjs'
import verilog from 'shiki/langs/verilog.mjs'
import vhdl from 'shiki/langs/vhdl.mjs'
import wgsl from 'shiki/langs/wgsl.mjs'
import yaml from 'shiki/langs/yaml.mjs'
import darkTheme from 'shiki/themes/github-dark-default.mjs'
import lightTheme from 'shiki/themes/github-light-default.mjs'
import { escapeHtml } from '#src/contract/text'

export type Language = { id: string; label: string; grammar: string }

// id: what data-lang says; grammar: the shiki grammar; aliases: info strings authors write.
// NOTE: shiki has no CUDA grammar; CUDA source is C++ with extra qualifiers, so it uses cpp.
const LANGUAGES: [id: string, label: string, grammar: string, aliases: string[]][] = [
  ['ts', 'TypeScript', 'typescript', ['typescript', 'mts', 'cts']],
  ['tsx', 'TSX', 'tsx', []],
  ['js', 'JavaScript', 'javascript', ['javascript', 'mjs', 'cjs', 'node']],
  ['jsx', 'JSX', 'jsx', []],
  ['json', 'JSON', 'json', ['jsonc']],
  ['bash', 'Shell', 'shellscript', ['sh', 'shell', 'shellscript', 'zsh']],
  ['python', 'Python', 'python', ['py', 'python3']],
  ['c', 'C', 'c', ['h']],
  ['cpp', 'C++', 'cpp', ['c++', 'cc', 'cxx', 'hpp']],
  ['cuda', 'CUDA', 'cpp', ['cu']],
  ['vhdl', 'VHDL', 'vhdl', ['vhd']],
  ['verilog', 'Verilog', 'verilog', ['v']],
  ['rust', 'Rust', 'rust', ['rs']],
  ['go', 'Go', 'go', ['golang']],
  ['yaml', 'YAML', 'yaml', ['yml']],
  ['sql', 'SQL', 'sql', []],
  ['diff', 'Diff', 'diff', ['patch']],
  ['solidity', 'Solidity', 'solidity', ['sol']],
  ['wgsl', 'WGSL', 'wgsl', []],
  ['tcl', 'Tcl', 'tcl', []],
  ['html', 'HTML', 'html', ['htm']],
  ['css', 'CSS', 'css', []],
  ['toml', 'TOML', 'toml', []],
]

const BY_NAME = new Map<string, Language>()
for (const [id, label, grammar, aliases] of LANGUAGES) {
  for (const name of [id, ...aliases]) BY_NAME.set(name, { id, label, grammar })
}

/** The language of a fence's info string ("ts", "TS title=x"), or undefined when we do not highlight it. */
export function resolveLanguage(info: string | undefined): Language | undefined {
  const name = info?.trim().split(/\s+/, 1)[0]?.toLowerCase()
  return name ? BY_NAME.get(name) : undefined
}

/** Theme names as they appear in shiki's output: the CSS variables are --shiki-light and --shiki-dark. */
export const THEMES = { light: lightTheme.name!, dark: darkTheme.name! }

let instance: Promise<HighlighterCore> | undefined

// Created on first use and shared: loading is cheap, but each grammar's regexes compile on first use.
function highlighter(): Promise<HighlighterCore> {
  instance ??= createHighlighterCore({
    themes: [lightTheme, darkTheme],
    langs: [bash, c, cpp, css, diff, go, html, javascript, json, jsx, python, rust, solidity, sql, tcl, toml, tsx, typescript, verilog, vhdl, wgsl, yaml],
    // No WASM, so the compiled binary needs no extra file; forgiving skips the few patterns JS cannot express.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  }).catch((error: unknown) => {
    instance = undefined
    throw error
  })
  return instance
}

/**
 * Disposes the highlighter: its compiled grammars are most of what a seeding pass leaves on the
 * heap. NOTE: call it only when no highlight is running (after seeding, before listening).
 */
export async function releaseHighlighter(): Promise<void> {
  const current = instance
  instance = undefined
  const h = await current?.catch(() => undefined)
  h?.dispose()
}

/**
 * A `<pre class="shiki …">` whose spans carry colours only as CSS variables (`defaultColor: false`),
 * so the site's CSS picks light or dark without re-rendering. Shiki escapes the code text itself.
 * NOTE: the one place that decides the highlighted markup; moving colours to classes happens here.
 */
export async function highlight(code: string, language: Language): Promise<string> {
  const h = await highlighter()
  // NOTE: no per-line time limit (shiki's default gives up on a line after 500 ms): on a busy
  // machine a cold tokenizer could hit it and colour the same code differently from one run to
  // the next. Only the admin writes code blocks, so a slow grammar costs the admin's save alone.
  return h.codeToHtml(code, { lang: language.grammar, themes: THEMES, defaultColor: false, tokenizeTimeLimit: 0 })
}

export { escapeHtml }

/** A code block we do not highlight: escaped text, the same frame as a highlighted one. */
export function plainCode(code: string): string {
  return `<pre class="plain" tabindex="0"><code>${escapeHtml(code)}</code></pre>`
}
