export { type ArrowsRow, ArrowsTableError, readArrowsTable, shortName } from './arrows-table.js';
export { type ArrowsCheckInput, type ArrowsProblem, checkArrows } from './check-arrows.js';
export { type ForgeImport, forgeImports } from './forge-imports.js';
export {
  readWorkspacePackages,
  type WorkspacePackage,
  workspaceFolders,
} from './workspace-packages.js';
