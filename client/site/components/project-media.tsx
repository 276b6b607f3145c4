import { pingHref } from '#client/lib/ping-href'
import { useSite } from '#client/lib/site-context'
import { videoSource } from '#client/lib/video-embed'

export const LIVE_FRAME_HEIGHT = 640
export const VIDEO_HEIGHT = 480

/**
 * The live app frame (demoLinks.embedPath, 640 px high), the video (demoLinks.video, 480 px
 * high) and the 'Having issues?' line that opens either one in a new tab.
 */
export function ProjectMedia({ title, embedPath, video }: { title: string; embedPath?: string; video?: string }) {
  const player = videoSource(video)
  const site = useSite()
  if (!embedPath && !video) return null

  return (
    <section className="project-media" aria-label="Demo">
      {embedPath && (
        <iframe
          className="live-frame"
          src={embedPath}
          title={`${title}: live app`}
          height={LIVE_FRAME_HEIGHT}
          loading="lazy"
          allow="clipboard-write; fullscreen"
        />
      )}
      {player?.kind === 'file' && (
        <video className="video-frame" height={VIDEO_HEIGHT} muted loop autoPlay playsInline controls aria-label={`${title}: video`}>
          <source src={player.src} type={player.type} />
        </video>
      )}
      {player && player.kind !== 'file' && (
        <iframe
          className="video-frame"
          src={player.src}
          title={`${title}: video`}
          height={VIDEO_HEIGHT}
          loading="lazy"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
      <p className="having-issues">
        Having issues?{' '}
        {embedPath && (
          <a href={embedPath} target="_blank" rel="noopener noreferrer" ping={pingHref(site, 'live-app')}>
            Open the live app in a new tab
          </a>
        )}
        {embedPath && video && ' or '}
        {video && (
          <a href={video} target="_blank" rel="noopener noreferrer" ping={pingHref(site, 'video')}>
            {embedPath ? 'open the video in a new tab' : 'Open the video in a new tab'}
          </a>
        )}
        .
      </p>
    </section>
  )
}
