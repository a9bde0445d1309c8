export { type ArrowsRow, ArrowsTableError, readArrowsTable, shortName } from './arrows-table.js';
export { type ArrowsCheckInput, type ArrowsProblem, checkArrows } from './check-arrows.js';
export { checkTestHelpers } from './check-test-helpers.js';
export { type ForgeImport, forgeImports } from './forge-imports.js';
export { sourceFiles } from './source-files.js';
export { findSql, type SqlStatement, sqlStatements } from './sql-statements.js';
export {
  readWorkspacePackages,
  type WorkspacePackage,
  workspaceFolders,
} from './workspace-packages.js';
