// The backups on the server, newest first: name, kind, created (UTC), size, and a Download link.
import { downloadUrl, type BackupInfo } from './api'
import { formatBackupTime, formatSize, KIND_LABEL } from './backups-format'

export function BackupsTable({ items }: { items: BackupInfo[] }) {
  return (
    <div className="table-scroll">
      <table className="dashboard-table backups-table">
        <caption className="visually-hidden">Backups, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Created</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col">
              <span className="visually-hidden">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((b) => {
            const created = formatBackupTime(b.createdAt)
            return (
              <tr key={b.name} data-kind={b.kind}>
                <td className="backups-name">
                  <code>{b.name}</code>
                </td>
                <td>{KIND_LABEL[b.kind]}</td>
                <td>
                  <time dateTime={b.createdAt}>{created}</time>
                </td>
                <td className="num">{formatSize(b.size)}</td>
                <td>
                  {/* A plain link: the browser streams the archive to disk, no JavaScript in between. */}
                  <a className="button" href={downloadUrl(b.name)} download>
                    Download<span className="visually-hidden"> the {KIND_LABEL[b.kind].toLowerCase()} backup of {created}</span>
                  </a>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
