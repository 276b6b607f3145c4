// What a public page can show that an admin write can change: the render cache's tags. A page's
// queries say what they show (client/lib/site-data.ts), an admin route says what it changes
// (src/plugins/route-policies.ts), and the cache drops the pages where the two meet.
// 'site': the owner's settings (name, links, intros, accent…), shown by every page.
export const CONTENT_TAGS = ['projects', 'posts', 'skills', 'site'] as const
export type ContentTag = (typeof CONTENT_TAGS)[number]
