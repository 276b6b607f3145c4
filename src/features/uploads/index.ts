// What the uploads room offers other features.
export { bodySlots } from './body-slots'
