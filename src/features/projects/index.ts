// Projects room, its public face: the reads and the write halves other features use (share cards,
// content files) (docs/architecture.md, "Import boundaries").
export { getProject, insertProject, listFullProjects, prepareProject, writeProjectUpdate, type PreparedProject } from './service'
