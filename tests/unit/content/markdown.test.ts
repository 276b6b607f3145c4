import { describe, expect, test } from 'bun:test'
import { readingMinutes, renderMarkdown } from '#src/lib/markdown'

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\`\n`

/** What a reader sees: tags dropped, the entities shiki and the sanitiser write decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')

const lightColours = (html: string) => new Set([...html.matchAll(/--shiki-light:(#[0-9a-f]+)/gi)].map((m) => m[1]))

describe('code blocks', () => {
  test.each([
    ['ts', 'ts', 'TypeScript', 'const answer: number = 42'],
    ['vhdl', 'vhdl', 'VHDL', 'signal count : unsigned(7 downto 0) := (others => \'0\');'],
  ])('highlights a %s block with both theme variables on every token', async (lang, id, label, code) => {
    const html = await renderMarkdown(fence(lang, code))
    expect(html).toStartWith(`<figure class="code" data-lang="${id}"><figcaption>${label}</figcaption><button type="button" class="copy" data-copy>Copy</button><pre class="shiki`)
    const spans = [...html.matchAll(/<span style="([^"]*)">/g)].map((m) => m[1]!)
    expect(spans.length).toBeGreaterThan(2)
    for (const style of spans) expect(style).toMatch(/^--shiki-light:#[0-9a-f]+;--shiki-dark:#[0-9a-f]+/i)
    expect(html).toMatch(/<pre class="shiki[^"]*" style="--shiki-light:#[0-9a-f]+;--shiki-dark:#[0-9a-f]+;--shiki-light-bg:#[0-9a-f]+;--shiki-dark-bg:#[0-9a-f]+"/i)
    expect(html).not.toMatch(/[^-]color:/)
    expect(textOf(html)).toContain(code)
  })

  // Every language we promise, under each name an author may write; two colours means the grammar tokenised it.
  test.each([
    ['ts', 'ts', 'let x = 1'], ['typescript', 'ts', 'let x = 1'], ['tsx', 'tsx', 'const a = <div className="x" />'],
    ['js', 'js', 'let x = 1'], ['javascript', 'js', 'let x = 1'], ['json', 'json', '{ "a": 1 }'],
    ['bash', 'bash', 'echo "$HOME" && ls'], ['sh', 'bash', 'echo "$HOME"'], ['shell', 'bash', 'echo "$HOME"'],
    ['python', 'python', 'def f(x):\n    return x'], ['py', 'python', 'def f(x): return 1'],
    ['c', 'c', 'int main(void) { return 0; }'], ['cpp', 'cpp', 'int main() { return 0; }'], ['c++', 'cpp', 'int main() { return 0; }'],
    ['cuda', 'cuda', '__global__ void k(float* a) { a[0] = 1.0f; }'], ['cu', 'cuda', 'int main() { return 0; }'],
    ['verilog', 'verilog', 'module m(input wire a); endmodule'], ['rust', 'rust', 'fn main() { let x = 1; }'],
    ['go', 'go', 'func main() { x := 1 }'], ['yaml', 'yaml', 'key: value'], ['yml', 'yaml', 'key: value'],
    ['sql', 'sql', 'SELECT id FROM posts WHERE id = 1'], ['diff', 'diff', '- old\n+ new'],
    ['solidity', 'solidity', 'contract C { uint256 x = 1; }'], ['sol', 'solidity', 'contract C { uint256 x = 1; }'],
    ['wgsl', 'wgsl', 'fn main() -> f32 { return 1.0; }'], ['tcl', 'tcl', 'set x 1\nputs $x'],
  ])('highlights a block written as %s (data-lang %s)', async (lang, id, code) => {
    const html = await renderMarkdown(fence(lang, code))
    expect(html).toContain(`data-lang="${id}"`)
    expect(html).toContain('<pre class="shiki')
    expect(lightColours(html).size).toBeGreaterThanOrEqual(2)
  })

  test.each([
    ['an unknown language', fence('brainfuck', '+[->+<]'), 'brainfuck'],
    ['no language', fence('', '+[->+<]'), 'Text'],
    ['an indented block', '    +[->+<]\n', 'Text'],
  ])('renders %s as a plain escaped block', async (_, md, caption) => {
    const html = await renderMarkdown(md)
    expect(html).toContain(`<figure class="code" data-lang="text"><figcaption>${caption}</figcaption>`)
    expect(html).toContain('<pre class="plain" tabindex="0"><code>+[-&gt;+&lt;]</code></pre>')
    expect(html).not.toContain('shiki')
  })

  test('reads only the first word of the info string, in any case', async () => {
    expect(await renderMarkdown(fence('TS title="a.ts"', 'let x = 1'))).toContain('data-lang="ts"')
  })

  test.each(['ts', 'vhdl', 'nope', ''])('keeps HTML-looking code inert in a %s block', async (lang) => {
    const code = '</script><img src=x onerror=alert(1)><script>alert(2)</script> & "q"'
    const html = await renderMarkdown(fence(lang, code))
    expect(html).not.toMatch(/<img|<script|<\/script/i)
    expect(textOf(html)).toContain(code)
  })
})

describe('sanitising', () => {
  test.each([
    ['a script tag', '<script>alert(1)</script>', /<script|alert/],
    ['an onerror handler', '<img src="https://x.test/a.png" onerror="alert(1)">', /onerror/],
    ['an inline event on allowed markup', '<p onclick="alert(1)">hi</p>', /onclick/],
    ['a javascript: link', '[go](javascript:alert(1))', /javascript:/],
    ['a javascript: link in raw HTML', '<a href="JaVaScRiPt:alert(1)">go</a>', /javascript:/i],
    ['an iframe', '<iframe src="https://evil.test"></iframe>', /<iframe/],
    ['a data: image', '![x](data:image/svg+xml;base64,PHN2Zz4=)', /data:/],
    ['a style attribute', '<p style="background:url(https://evil.test)">x</p>', /style=/],
    ['a style element', '<style>body{display:none}</style>', /<style|display/],
    ['a protocol-relative link', '<a href="//evil.test">x</a>', /evil\.test/],
  ])('strips %s', async (_, md, forbidden) => {
    expect(await renderMarkdown(md)).not.toMatch(forbidden)
  })

  test('never puts a code block inside an attribute that unbalanced raw HTML left open', async () => {
    const html = await renderMarkdown(`<h2 id="\n\n${fence('ts', '" onmouseover="alert(1)')}\n<h2 id="y">z</h2>\n`)
    expect(html).not.toContain('<figure')
    expect(html).not.toMatch(/<[^>]*\sonmouseover=/)
  })

  test('marks external links noopener noreferrer and leaves others alone', async () => {
    const html = await renderMarkdown('[a](https://example.com) [b](/blog) [c](mailto:me@example.com) [d](#setup)')
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">a</a>')
    expect(html).toContain('<a href="/blog">b</a>')
    expect(html).toContain('<a href="mailto:me@example.com">c</a>')
    expect(html).toContain('<a href="#setup">d</a>')
  })

  test('loads images lazily', async () => {
    expect(await renderMarkdown('![alt](https://example.com/a.png)')).toContain('<img src="https://example.com/a.png" alt="alt" loading="lazy" />')
  })

  test('keeps GFM tables, task lists and strikethrough', async () => {
    const html = await renderMarkdown('| a | b |\n| :- | -: |\n| 1 | 2 |\n\n- [x] done\n\n~~old~~\n')
    expect(html).toContain('<th align="left">a</th>')
    expect(html).toContain('<li><input checked disabled type="checkbox" /> done</li>')
    expect(html).toContain('<del>old</del>')
  })
})

describe('headings', () => {
  test('get slug ids, deduplicated within a document, with an anchor link', async () => {
    const html = await renderMarkdown('# Setup\n\n## Setup\n\n### Setup\n\n## Setup-1 again\n')
    expect(html).toContain('<h1 id="setup">Setup <a class="anchor" href="#setup" aria-label="Link to this section">#</a></h1>')
    expect([...html.matchAll(/<h\d id="([^"]+)"/g)].map((m) => m[1])).toEqual(['setup', 'setup-1', 'setup-2', 'setup-1-again'])
  })

  test.each([
    ['## Q&A with `code`', 'q-a-with-code'],
    ['## Crème brûlée', 'creme-brulee'],
    ['## ***', 'section'],
    ['## 日本語', 'section'],
    ['## Main', 'main-1'],
  ])('derives the id of %s as %s', async (md, id) => {
    expect(await renderMarkdown(md)).toContain(`id="${id}"`)
  })

  test('start counting again in each document', async () => {
    await renderMarkdown('## Intro')
    expect(await renderMarkdown('## Intro')).toContain('id="intro"')
  })
})

describe('rendering', () => {
  test('is deterministic', async () => {
    const md = `# Title\n\nText with [a link](https://example.com).\n\n${fence('ts', 'const a = 1')}\n${fence('vhdl', 'entity e is end;')}\n${fence('x', 'plain')}`
    const first = await renderMarkdown(md)
    expect(await renderMarkdown(md)).toBe(first)
    expect(first).not.toContain('folio-code-')
    expect(first.match(/<figure /g)).toHaveLength(3)
  })

  test('counts reading minutes at 200 words, at least 1', () => {
    expect(readingMinutes('word '.repeat(10))).toBe(1)
    expect(readingMinutes('word '.repeat(1000))).toBe(5)
  })
})
