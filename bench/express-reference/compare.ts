// Comparing the reference's page with folio's: React Query stamps each dehydrated query with the
// time it was fetched and dehydrated, so two renders of the same rows differ there and only there.

/** `html` with those stamps zeroed: equal for two renders of the same page from the same rows. */
export const unstamped = (html: string) => html.replace(/"(dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g, '"$1":0')
