// Resume room, its public face: whether a request wants a page rather than JSON, which the contact
// form's refusals share (docs/architecture.md, "Import boundaries").
export { wantsHtml } from './visitor-page'
