// What the uploads room offers other features: the body slots, the image files and their records,
// and the atomic write (docs/architecture.md, "Import boundaries").
export { bodySlots } from './body-slots'
export { IMAGE_NAME, IMAGES_URL, imagesDir } from './image-names'
export { imageSets } from './image-records'
export { isPdf, sniffImage } from './image-types'
export { writeAtomically } from './service'
