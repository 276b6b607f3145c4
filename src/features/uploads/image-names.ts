// Where uploaded images live: originals content-addressed under DATA_DIR/uploads/images, their
// responsive variants in its `variants` folder (made by `folio images`, never uploaded).
import { join } from 'node:path'

export const IMAGES_URL = '/uploads/images/'
export const IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp|avif)$/
export const VARIANT_NAME = /^[a-f0-9]{32}-\d{2,4}\.(webp|avif)$/
export const imagesDir = (dataDir: string) => join(dataDir, 'uploads', 'images')
export const variantsDir = (dataDir: string) => join(imagesDir(dataDir), 'variants')
