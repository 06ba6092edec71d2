import type { ReactNode } from 'react';
import { Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportLine } from '@nusa/contracts';
import { usePhoneLayout } from '../../../app/components/viewport.ts';
import { useFormat } from '../../../app/use-format.ts';

export interface AmountColumn<L> {
  key: string;
  title: string;
  value: (line: L) => string | null;
}

export interface SummaryRow {
  key: string;
  label: string;
  amounts: (string | null)[];
}

/**
 * Report lines as the chart of accounts arranges them: groups in bold, main and sub accounts indented; the figure of
 * an account that takes postings links to its general ledger over the report's dates (`drillTo`), and the summary
 * rows close the table.
 */
export function ReportLinesTable<L extends ReportLine>(p: {
  lines: L[];
  amounts: AmountColumn<L>[];
  drillTo?: (coaId: string) => string;
  /** Where a line that is not an account leads (the balance sheet's profit line: the profit and loss). */
  lineLink?: (line: L) => string | undefined;
  summary?: SummaryRow[];
  caption?: ReactNode;
  label?: (line: L) => string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const phone = usePhoneLayout();
  const name = (l: L) => p.label?.(l) ?? l.name;
  // On a phone the code joins the name in a column that stays put while the amounts scroll sideways.
  const columns: ColumnsType<L> = [
    ...(phone ? [] : [{ key: 'code', title: t('reports.code'), dataIndex: 'code', width: 110, className: 'code-text' }]),
    {
      key: 'name',
      title: t('reports.name'),
      fixed: phone ? ('left' as const) : undefined,
      width: phone ? 150 : undefined,
      render: (_: unknown, l: L) => (
        <span className={`report-line__name report-line__name--${l.level}`}>
          {phone && l.code && <span className="code-text">{l.code} </span>}
          {name(l)}
        </span>
      ),
    },
    ...p.amounts.map((a) => ({
      key: a.key,
      title: a.title,
      align: 'right' as const,
      width: phone ? 140 : 170,
      render: (_: unknown, l: L) => {
        const value = a.value(l);
        if (value === null) return null;
        const text = f.money(value);
        if (value === '0') return <span className="muted-text">{text}</span>;
        const other = l.kind !== 'account' ? p.lineLink?.(l) : undefined;
        if (other)
          return (
            <Link to={other} className="report-amount-link">
              {text}
            </Link>
          );
        // A main account with sub accounts shows their subtotal: its own ledger would not hold those lines.
        if (l.kind !== 'account' || !l.coaId || l.hasSubAccounts || !p.drillTo) return text;
        return (
          <Tooltip title={t('reports.drill', { account: `${l.code} ${l.name}` })} mouseEnterDelay={0.6}>
            <Link to={p.drillTo(l.coaId)} className="report-amount-link">
              {text}
            </Link>
          </Tooltip>
        );
      },
    })),
  ];
  return (
    <Table<L>
      size="small"
      className="report-table"
      columns={columns}
      dataSource={p.lines}
      rowKey={(l) => `${l.kind}-${l.coaId ?? l.code}-${l.level}`}
      rowClassName={(l) => `report-line report-line--${l.kind}`}
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={p.caption}
      locale={{ emptyText: <span className="muted-text">–</span> }}
      summary={() =>
        p.summary?.map((s) => (
          <Table.Summary.Row key={s.key} className="report-summary">
            {!phone && <Table.Summary.Cell index={0} />}
            <Table.Summary.Cell index={phone ? 0 : 1}>{s.label}</Table.Summary.Cell>
            {s.amounts.map((a, i) => (
              <Table.Summary.Cell key={i} index={i + (phone ? 1 : 2)} align="right">
                {a === null ? null : f.money(a)}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ))
      }
    />
  );
}
