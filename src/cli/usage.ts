// The text of `folio --help`: every subcommand, one line each, and where configuration comes from.
export const USAGE = `Usage: folio [command] [options]

Commands:
  serve                     serve the site (the default)
  migrate [status|apply]    show migrations, or apply pending ones (the default)
  backup <file>             write a consistent snapshot of the database and uploads to <file> (.tar.gz)
  restore <file>            replace the data with a backup; folio must be stopped
  admin set-password        set the admin password (asked for, or read from stdin)
                              --email <address>  which admin (needed when there is none yet)
  admin reset-2fa           the rescue when a second factor or passkey is lost: removes the authenticator
                              code and recovery codes, turns password sign-in back on, signs every session out
                              (passkeys stay; remove a lost one in the admin)
  admin setup-link          print a fresh one-time address that creates the first admin in the browser
                              (valid 24 hours; refused once an admin exists)
  export <dir>              write the public site as static files, for any static host or CDN
  export-content <dir>      write every post and project as markdown (YAML front matter), with their images
  import-content <dir>      import markdown files (an export-content folder, or a Hugo or Astro site);
                              creates new slugs, updates known ones, deletes nothing; folio must be stopped
  images                    make the responsive variants (AVIF, WebP) of uploaded images that lack them;
                              the server runs it by itself after an upload and at start
  cards                     the share cards' painter: the server starts it by itself when a card is asked for
  help                      show this help

Options:
  -h, --help                show this help
  -v, --version             print the version

Configuration comes from the environment and a .env file in the working directory
(DATA_DIR, PORT, SITE_URL, ...; see the README). Exit codes: 0 done, 1 failed, 2 bad usage or configuration.`
