// Business constants of spec section 9, shared by server and client.
export const LIMITS = {
  contactName: { min: 2, max: 60 },
  contactEmailMax: 200,
  contactMessage: { min: 10, max: 5000 },
  summaryMin: 10,
  bodyMin: 20,
  skillLevel: { min: 0, max: 100 },
  lexiconOrderStep: 10,
  adminMessagesPageSize: 20,
  postsListDefault: 20,
  postsListMax: 100,
  prevNextSource: 100,
  analyticsDefaultDays: 30,
  analyticsPresets: [7, 30, 90] as const,
  resumeLinkHours: 24,
  resumeHistoryDays: 7,
  sessionHours: 12,
  pathMax: 512,
} as const

export const SESSION_SECONDS = LIMITS.sessionHours * 60 * 60
