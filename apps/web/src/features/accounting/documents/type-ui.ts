import type { ComponentType, ReactNode } from 'react';
import type { DocumentDetail, DocumentTypeCode, Task } from '@nusa/contracts';
import type { TextKey } from '../../../i18n/keys.ts';
import type { DocumentApi } from './document-api.ts';
import type { GridLine, GridProblem } from './line-grid.ts';

/** The header fields every type shares, as the editor sends them (dates as YYYY-MM-DD; the currency is a type's own field). */
export interface HeaderBody {
  number: string;
  documentDate: string;
  dueDate: string | null;
  reference: string | null;
  externalNumber: string | null;
  externalDate: string | null;
  remarks: string | null;
  ouId: string | null;
  partnerId: string | null;
}

/** One column of the line grid: its heading, its CSS grid track, and the cell that edits a line. */
export interface LineColumn {
  /** The heading, and each cell's accessible name with the line number ("Akun 2"). */
  label: TextKey;
  /** The column's track in the grid's `grid-template-columns`. */
  width: string;
  numeric?: boolean;
  /** `heading`: the column's text; `label`: the heading with the line number. */
  cell(p: { line: GridLine; set: (change: Partial<GridLine>) => void; disabled: boolean; heading: string; label: string }): ReactNode;
}

/**
 * A document type on the web (decision 016): what DocumentScreen and DocumentEditor need to show, edit and send it.
 * The texts of the type are `journals.*.<code>` and `page.*` keys; the shared screens never test a type's code.
 */
export interface DocumentTypeUi<D extends DocumentDetail = DocumentDetail, B = never> {
  code: DocumentTypeCode;
  /** The page's title. */
  title: TextKey;
  api: DocumentApi<D, B>;
  /** Tasks that create and edit it. */
  editTasks: readonly Task[];
  /** Its own header fields (Form.Items), shown after the shared ones up to the external date. */
  HeaderFields: ComponentType<{ doc?: D }>;
  /** The initial values of its own header fields: a new document's defaults, or the document's. */
  headerValues(doc: D | undefined): Record<string, unknown>;
  columns: readonly LineColumn[];
  /** A saved document's lines as grid lines. */
  gridOf(doc: D): GridLine[];
  /** Why the grid cannot be saved yet. */
  problem(lines: readonly GridLine[]): GridProblem | undefined;
  /** The totals under the grid. */
  Totals: ComponentType<{ lines: readonly GridLine[]; currencyCode: string }>;
  /** The body of its create and edit endpoints from the shared header, its own fields' values and the grid. */
  body(header: HeaderBody, own: Record<string, unknown>, lines: readonly GridLine[]): B;
}
