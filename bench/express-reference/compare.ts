// Comparing two renders of a page: React Query stamped each dehydrated query with the time it was
// fetched and dehydrated, so two renders of the same rows differed there and only there.
// NOTE: public pages carry no dehydrated state since decision 066, so for them this changes
// nothing (check.ts compares bytes as they are); tests/api/web/render-whole.test.ts still calls it.

/** `html` with those stamps zeroed: equal for two renders of the same page from the same rows. */
export const unstamped = (html: string) => html.replace(/"(dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g, '"$1":0')
