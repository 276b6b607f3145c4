import { describe, expect, test } from 'bun:test'
import { videoSource } from '#client/lib/video-embed'

const YT = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&loop=1&playlist=${id}&playsinline=1&rel=0`
const VIMEO = (id: string, hash?: string) => `https://player.vimeo.com/video/${id}?${hash ? `h=${hash}&` : ''}autoplay=1&muted=1&loop=1`

describe('videoSource', () => {
  test.each([
    ['/media/fpga-scope.mp4', 'video/mp4'],
    ['https://cdn.example.com/clips/demo.webm', 'video/webm'],
    ['https://cdn.example.com/clips/demo.ogg', 'video/ogg'],
    ['https://cdn.example.com/clips/demo.OGV', 'video/ogg'],
    ['https://cdn.example.com/clips/demo.MP4?token=abc&x=1', 'video/mp4'],
    ['/media/demo.mp4#t=5', 'video/mp4'],
  ])('plays %s as a %s file, keeping the link as given', (url, type) => {
    expect(videoSource(url)).toEqual({ kind: 'file', src: url, type })
  })

  test.each([
    ['https://www.youtube.com/watch?v=q8Xf3LmT0wE', 'q8Xf3LmT0wE'],
    ['https://youtube.com/watch?feature=share&v=q8Xf3LmT0wE&t=30', 'q8Xf3LmT0wE'],
    ['https://m.youtube.com/watch?v=q8Xf3LmT0wE', 'q8Xf3LmT0wE'],
    ['https://youtu.be/q8Xf3LmT0wE', 'q8Xf3LmT0wE'],
    ['https://youtu.be/q8Xf3LmT0wE?si=abc', 'q8Xf3LmT0wE'],
    ['https://www.youtube.com/shorts/a1B2c3D4e5F', 'a1B2c3D4e5F'],
    ['https://www.youtube.com/embed/q8Xf3LmT0wE', 'q8Xf3LmT0wE'],
    ['https://www.youtube-nocookie.com/embed/q8Xf3LmT0wE?start=3', 'q8Xf3LmT0wE'],
  ])('turns the YouTube link %s into a privacy-enhanced embed that autoplays muted and loops', (url, id) => {
    expect(videoSource(url)).toEqual({ kind: 'youtube', src: YT(id) })
  })

  test('a YouTube embed loops through a playlist of the one video', () => {
    const src = new URL(videoSource('https://youtu.be/q8Xf3LmT0wE')!.src)
    expect(src.hostname).toBe('www.youtube-nocookie.com')
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ autoplay: '1', mute: '1', loop: '1', playlist: 'q8Xf3LmT0wE' })
  })

  test.each([
    ['https://vimeo.com/76979871', VIMEO('76979871')],
    ['https://www.vimeo.com/76979871?share=copy', VIMEO('76979871')],
    ['https://vimeo.com/76979871/abc123def0', VIMEO('76979871', 'abc123def0')],
    ['https://vimeo.com/channels/staffpicks/76979871', VIMEO('76979871')],
    ['https://player.vimeo.com/video/76979871', VIMEO('76979871')],
    ['https://player.vimeo.com/video/76979871?h=abc123def0&badge=0', VIMEO('76979871', 'abc123def0')],
  ])('turns the Vimeo link %s into a player URL that autoplays muted and loops', (url, src) => {
    expect(videoSource(url)).toEqual({ kind: 'vimeo', src })
  })

  test.each([
    [undefined],
    [''],
    ['https://example.com/watch'],
    ['https://example.com/video.mov'],
    ['https://www.youtube.com/watch'],
    ['https://www.youtube.com/watch?v=<script>'],
    ['https://www.youtube.com/channel/UC123'],
    ['https://vimeo.com/about'],
    ['https://notyoutube.com/watch?v=q8Xf3LmT0wE'],
    ['https://example.com/clip.mp4.html'],
    ['javascript:alert(1)//.mp4'],
    ['data:video/mp4;base64,AAAA'],
    ['ftp://example.com/clip.mp4'],
  ])('gives no player for %p', (url) => {
    expect(videoSource(url)).toBeNull()
  })
})
