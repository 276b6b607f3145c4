// Analytics room: referrer-spam domains, whose "visits" only exist to advertise themselves.
// A hand-picked subset of matomo-org/referrer-spam-list (spammers.txt), checked against that file
// (commit 0005b7f78853ed0cb9c3467ce9ef3a360fc2a25c). NOTE: only domains that exist solely for spam
// are taken: the list is matched on a referrer's host and each of its parent domains, so an entry
// for a shared host or an ordinary business would hide real visitors from every site under it.

export const SPAM_REFERRERS: ReadonlySet<string> = new Set([
  '1-99seo.com', '1-free-share-buttons.com', '100-reasons-for-seo.com', '100dollars-seo.com',
  '12-reasons-for-seo.net', '15-reasons-for-seo.com', '4webmasters.org', '7makemoneyonline.com',
  '99-reasons-for-seo.com', 'anticrawler.org', 'auto-seo-service.org', 'autoseo-service.org',
  'autoseo-traffic.com', 'best-seo-offer.com', 'best-seo-software.xyz', 'best-seo-solution.com',
  'biglistofwebsites.com', 'blackhatworth.com', 'buttons-for-website.com', 'buttons-for-your-website.com',
  'cheap-trusted-backlinks.com', 'darodar.com', 'e-commerce-seo.com', 'ecommerce-seo.org',
  'econom.co', 'eu-cookie-law-enforcement2.xyz', 'event-tracking.com', 'fix-website-errors.com',
  'floating-share-buttons.com', 'free-fb-traffic.com', 'free-fbook-traffic.com', 'free-floating-buttons.com',
  'free-share-buttons.com', 'free-social-buttons.com', 'free-social-buttons.xyz', 'free-traffic.xyz',
  'free-website-traffic.com', 'get-free-social-traffic.com', 'get-free-traffic-now.com', 'get-seo-help.com',
  'get-your-social-buttons.info', 'googlemare.com', 'googlsucks.com', 'howtostopreferralspam.eu',
  'hulfingtonpost.com', 'humanorightswatch.org', 'ilikevitaly.com', 'iloveitaly.ro',
  'iloveitaly.ru', 'ilovevitaly.co', 'ilovevitaly.com', 'ilovevitaly.info',
  'ilovevitaly.org', 'ilovevitaly.ru', 'ilovevitaly.xyz', 'increasewwwtraffic.info',
  'keywords-monitoring-success.com', 'keywords-monitoring-your-success.com', 'local-seo-for-multiple-locations.com', 'makemoneyonline.com',
  'monetizationking.net', 'money-for-placing-articles.com', 'mycheaptraffic.com', 'o-o-11-o-o.com',
  'o-o-6-o-o.com', 'o-o-6-o-o.ru', 'o-o-8-o-o.com', 'o-o-8-o-o.ru',
  'priceg.com', 'rank-checker.online', 'rankings-analytics.com', 'ranksonic.info',
  'ranksonic.net', 'ranksonic.org', 'resell-seo-services.com', 'semalt.com',
  'semaltmedia.com', 'seo-platform.com', 'seo-services-b2b.com', 'seocheckupx.com',
  'seocheckupx.net', 'share-buttons-for-free.com', 'share-buttons.xyz', 'sharebutton.io',
  'sharebutton.net', 'sharebutton.to', 'simple-share-buttons.com', 'site-auditor.online',
  'slow-website.xyz', 'social-button.xyz', 'social-buttons.com', 'social-traffic-1.xyz',
  'social-traffic-2.xyz', 'social-traffic-3.xyz', 'social-traffic-4.xyz', 'social-traffic-5.xyz',
  'social-traffic-7.xyz', 'social-widget.xyz', 'socialbuttons.xyz', 'speedup-my.site',
  'success-seo.com', 'top1-seo-service.com', 'track-rankings.online', 'traffic-cash.xyz',
  'traffic2cash.org', 'traffic2cash.xyz', 'traffic2money.com', 'trafficgenius.xyz',
  'trafficmonetize.org', 'trafficmonetizer.org', 'video--production.com', 'videos-for-your-business.com',
  'web-revenue.xyz', 'webmonetizer.net', 'website-analytics.online', 'website-analyzer.info',
  'website-speed-check.site', 'website-speed-checker.site', 'xtrafficplus.com', 'yourserverisdown.com',
])
