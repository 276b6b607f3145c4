// Text for XML: escaped, and without the characters XML 1.0 forbids (a title with a NUL or a lone
// surrogate would otherwise make the whole feed unreadable to a strict parser).
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

export const xmlText = (s: string) => s.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!)
