// What a reading page does in the browser, without React: copy buttons on code blocks (event
// delegation, so markdown HTML stays static) and the project hero shown once its image loaded.

function startCopyButtons() {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.('button[data-copy]')
    const code = button?.closest('figure')?.querySelector('pre')
    if (!button || !code) return
    try {
      await navigator.clipboard.writeText(code.textContent ?? '')
      button.textContent = 'Copied'
    } catch {
      button.textContent = 'Copy failed'
    }
    setTimeout(() => (button.textContent = 'Copy'), 1500)
  })
}

/**
 * The hero fades in once loaded (spec: "shown once loaded"). The server renders it `loading`; the
 * CSS hides it only under `html.js`, so without JavaScript it shows as it arrives.
 */
export function startProjectHero() {
  for (const hero of document.querySelectorAll<HTMLElement>('.project-hero[data-state="loading"]')) {
    const img = hero.querySelector('img')
    if (!img) continue
    const done = (state: 'loaded' | 'error') => (hero.dataset.state = state)
    if (img.complete) done(img.naturalWidth > 0 ? 'loaded' : 'error')
    else {
      img.addEventListener('load', () => done('loaded'), { once: true })
      img.addEventListener('error', () => done('error'), { once: true })
    }
  }
}

export function startReadingExtras() {
  startCopyButtons()
  startProjectHero()
}
