// The owner's photo, made square in the browser: the server stores images as sent (the single
// binary has no image library), so the page draws the chosen square at 400×400 and uploads that.

/** The stored photo's side: the home page shows it at 160 px, so sharp on 2x screens and more. */
export const AVATAR_SIZE = 400
export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp,image/avif,image/gif'
export const UNREADABLE = 'This file is not an image the browser can read: pick a PNG, JPEG, WebP or AVIF.'

/** The largest square of a w×h image, at `position` along its long side (0 start, 0.5 centre, 1 end). */
export function squareOf(width: number, height: number, position = 0.5) {
  const size = Math.min(width, height)
  const at = Math.min(1, Math.max(0, position))
  return { sx: Math.round((width - size) * at), sy: Math.round((height - size) * at), size }
}

export async function decodeImage(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file)
  } catch (e) {
    throw new Error(UNREADABLE, { cause: e })
  }
}

/** Draws the square of `image` at `position` over the whole canvas. */
export function drawSquare(canvas: HTMLCanvasElement, image: ImageBitmap, position: number) {
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const { sx, sy, size } = squareOf(image.width, image.height, position)
  ctx.imageSmoothingQuality = 'high'
  ctx.clearRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(image, sx, sy, size, size, 0, 0, canvas.width, canvas.height)
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality))

/** The square as a 400×400 WebP (PNG where the browser cannot encode WebP). */
export async function squareBlob(image: ImageBitmap, position: number): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = AVATAR_SIZE
  canvas.height = AVATAR_SIZE
  drawSquare(canvas, image, position)
  const blob = (await toBlob(canvas, 'image/webp', 0.88)) ?? (await toBlob(canvas, 'image/png'))
  if (!blob) throw new Error('The browser could not draw the photo.')
  return blob
}
