/** Gallery images, loaded lazily; each opens full size. */
export function ProjectGallery({ title, images }: { title: string; images: string[] }) {
  if (!images.length) return null
  return (
    <section className="project-section gallery-section" aria-labelledby="gallery-title">
      <h2 id="gallery-title">Gallery</h2>
      <ul className="project-gallery">
        {images.map((src, i) => (
          <li key={`${i}:${src}`}>
            <a href={src}>
              <img src={src} alt={`${title}: image ${i + 1} of ${images.length}`} loading="lazy" decoding="async" width={1200} height={630} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
