import { useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { emptyLine, type GridLine } from './line-grid.ts';
import type { LineColumn } from './type-ui.ts';

interface Props {
  columns: readonly LineColumn[];
  lines: GridLine[];
  setLines: (update: (all: GridLine[]) => GridLine[]) => void;
  editable: boolean;
  /** The totals under the lines. */
  children: ReactNode;
}

/** The document's lines as a keyboard-friendly grid of the type's columns (line number first, remove button last). */
export function LineGrid({ columns, lines, setLines, editable, children }: Props) {
  const { t } = useTranslation();
  const gridRef = useRef<HTMLDivElement>(null);
  const focusAfterAdd = useRef(false);
  // A variable rather than gridTemplateColumns, so that the narrow-screen layout (document-screen.css) still applies.
  const template = { '--document-grid-columns': `28px ${columns.map((c) => c.width).join(' ')} 36px` } as CSSProperties;

  useLayoutEffect(() => {
    if (!focusAfterAdd.current) return;
    focusAfterAdd.current = false;
    const cells = gridRef.current?.querySelectorAll<HTMLElement>('[data-grid-row]:last-of-type [data-grid-cell] input');
    cells?.[0]?.focus();
  }, [lines.length]);

  const setLine = (key: string, change: Partial<GridLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const addLine = () => {
    focusAfterAdd.current = true;
    setLines((all) => [...all, emptyLine()]);
  };

  /** Enter moves to the next cell like Tab; from the last cell it adds a line (spreadsheet habit). Dropdowns keep their Enter. */
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !editable) return;
    const target = e.target as HTMLElement;
    if (target.closest('.ant-select')) return;
    const cells = [...(gridRef.current?.querySelectorAll<HTMLElement>('[data-grid-cell] input') ?? [])].filter((c) => !c.closest('.ant-select'));
    const at = cells.indexOf(target);
    if (at < 0) return;
    e.preventDefault();
    if (at === cells.length - 1) addLine();
    else cells[at + 1]!.focus();
  };

  return (
    <div className="journals-grid" ref={gridRef} onKeyDown={onGridKey} role="group" aria-label={t('journals.lines')}>
      <div className="journals-grid__row journals-grid__row--head" style={template}>
        <span>#</span>
        {columns.map((c) => (
          <span key={c.label} className={c.numeric ? 'num' : undefined}>
            {t(c.label)}
          </span>
        ))}
        <span />
      </div>
      {lines.map((l, i) => (
        <div key={l.key} className="journals-grid__row" style={template} data-grid-row>
          <span className="journals-grid__no">{i + 1}</span>
          {columns.map((c) => (
            <span key={c.label} data-grid-cell>
              {c.cell({ line: l, set: (change) => setLine(l.key, change), disabled: !editable, heading: t(c.label), label: `${t(c.label)} ${i + 1}` })}
            </span>
          ))}
          <span>
            {editable && lines.length > 1 && (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('journals.removeLine')} ${i + 1}`}
                title={t('journals.removeLine')}
                onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
              />
            )}
          </span>
        </div>
      ))}
      {editable && (
        <Button type="dashed" icon={<PlusOutlined />} onClick={addLine} className="journals-grid__add">
          {t('journals.addLine')}
        </Button>
      )}
      <div className="journals-totals" aria-live="polite">
        {children}
      </div>
    </div>
  );
}
