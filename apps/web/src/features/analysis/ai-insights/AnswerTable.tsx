import { Table } from 'antd';
import type { AskAnswer } from '@nusa/contracts';
import { formatCell, isNumeric } from '../analysis-format.ts';
import { useFormat } from '../../../app/use-format.ts';

/** The answer's rows: numbers to the right in the interface language's form, ten a page once there are more. */
export function AnswerTable({ answer, emptyText }: { answer: Pick<AskAnswer, 'columns' | 'rows'>; emptyText: string }) {
  const f = useFormat();
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      dataSource={answer.rows}
      pagination={answer.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      columns={answer.columns.map((c, at) => ({
        key: c.key,
        title: c.label,
        align: isNumeric(c.type) ? ('right' as const) : undefined,
        render: (_: unknown, row: AskAnswer['rows'][number]) => formatCell(row[at] ?? null, c.type, f),
      }))}
    />
  );
}
