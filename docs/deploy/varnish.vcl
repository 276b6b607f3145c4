# Varnish in front of folio (docs/self-hosting.md, "Behind a CDN or Varnish"). Varnish 7.
# folio listens on 127.0.0.1:3000 and is started with CACHE_PURGE_URLS=http://127.0.0.1:6081 and
# CACHE_PURGE_KEY=<a secret>: after every change it sends BAN with X-Folio-Purge-Key (that secret)
# and X-Folio-Ban, the content tags that changed (`posts|projects`), and this file drops every
# object whose X-Folio-Tags (what the page shows) names one of them. Pages then stay cached for a
# day: a change reaches visitors at once, not after s-maxage.
# Install it with the secret written in (the placeholder below is refused as it stands):
#   sed "s/@FOLIO_PURGE_KEY@/$CACHE_PURGE_KEY/" docs/deploy/varnish.vcl > /etc/varnish/default.vcl
# tests/api/process/varnish.test.ts runs exactly this file (its own ports and key), behind nginx.
vcl 4.1;

backend folio {
  .host = "127.0.0.1";
  .port = "3000";
}

# Who may ban: folio itself, on this machine. The TLS proxy is on this machine too, so the
# address alone lets the internet in: a ban must also carry the key and must not have come
# through a proxy (Varnish appends the peer to X-Forwarded-For before this runs: one hop means
# the request came straight to Varnish).
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "BAN") {
    if (client.ip !~ purgers || req.http.X-Forwarded-For ~ ",") {
      return (synth(405, "Not allowed"));
    }
    if (req.http.X-Folio-Purge-Key != "@FOLIO_PURGE_KEY@" || req.http.X-Folio-Purge-Key ~ "^@") {
      return (synth(403, "Wrong purge key"));
    }
    # Tag names only: the caller never writes the ban expression.
    if (req.http.X-Folio-Ban !~ "^[a-z]{1,20}(\|[a-z]{1,20}){0,15}$") {
      return (synth(400, "X-Folio-Ban must be tags such as posts|projects"));
    }
    ban("obj.http.X-Folio-Tags ~ (^|[^a-z])(" + req.http.X-Folio-Ban + ")([^a-z]|$)");
    return (synth(200, "Banned"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The admin, its API, and what answers one visitor only (resume links, previews, the demo's
  # streams, analytics) are never stored.
  if (req.url ~ "^/(admin|api/admin|api/stats|api/resume|resume/|preview/|api/demo|api/analytics|api/tx)") {
    return (pass);
  }
  if (req.http.Authorization) {
    return (pass);
  }
  # Public pages are the same for everyone: a visitor's cookies never pick or split a copy.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_backend_response {
  # An answer that sets a cookie belongs to one visitor.
  if (beresp.http.Set-Cookie) {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # What folio tags is banned on change: keep it a day instead of s-maxage's minute.
  if (beresp.http.X-Folio-Tags && beresp.status == 200) {
    set beresp.ttl = 1d;
    set beresp.grace = 1h;
  }
}

sub vcl_deliver {
  unset resp.http.X-Folio-Tags;
  if (obj.hits > 0) {
    set resp.http.X-Varnish-Cache = "HIT";
  } else {
    set resp.http.X-Varnish-Cache = "MISS";
  }
}
